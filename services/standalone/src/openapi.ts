/**
 * The OpenAPI document of the whole server. It is built here because it needs every service's
 * endpoint declarations and the gateway's route table, and services/standalone is the one package
 * allowed to import several services. The embedded server serves it live; for the distributed
 * topology deploy/build.ts (and deploy/local/run.ts) write it to a JSON file the gateway process
 * reads at start (API_DOCS_FILE), so the gateway itself never imports a service.
 */
import { writeFileSync } from 'node:fs';
import { loadConfig, ZULIP_VERSION, type ServiceName } from '@chat/config';
import { endpoints as eventQueueEndpoints } from '@chat/event-queue-service';
import { ROUTES } from '@chat/gateway-service';
import { buildOpenApiDocument, type AnyEndpoint, type DocumentedRoute, type OpenApiDocument } from '@chat/http';
import { createLogger } from '@chat/log';
import { endpoints as messageEndpoints } from '@chat/message-service';
import { endpoints as settingsEndpoints } from '@chat/settings-service';
import { endpoints as subscriptionEndpoints } from '@chat/subscription-service';
import { endpoints as webhookEndpoints } from '@chat/webhook-service';

/** Every service's declarations. endpoints() only closes over its deps (handlers use them when
 * called), so placeholders are enough to read methods, paths and parameters. */
function declaredEndpoints(): Record<ServiceName, AnyEndpoint[]> {
  const deps = {
    config: loadConfig({}),
    db: { knex: null },
    logger: createLogger('silent'),
    cipher: null,
    store: null,
    internal: null,
    polls: null,
  } as never;
  return {
    message: messageEndpoints(deps),
    subscription: subscriptionEndpoints(deps),
    settings: settingsEndpoints(deps),
    webhook: webhookEndpoints(deps),
    'event-queue': eventQueueEndpoints(deps),
  };
}

/** One operation per route the gateway serves, with the parameters its service declares. */
export function buildApiDocument(): OpenApiDocument {
  const declared = declaredEndpoints();
  const routes: DocumentedRoute[] = ROUTES.map((route) => {
    const endpoint = declared[route.service].find((e) => e.method === route.method && e.path === route.path);
    // test/gateway.test.ts keeps the table and the services in step; this only guards the build.
    if (!endpoint) throw new Error(`${route.method} ${route.path}: no ${route.service} endpoint declares it`);
    return { ...route, endpoint };
  });
  return buildOpenApiDocument(routes, { version: ZULIP_VERSION, zulipVersion: ZULIP_VERSION });
}

export function writeApiDocument(file: string): void {
  writeFileSync(file, `${JSON.stringify(buildApiDocument(), null, 2)}\n`);
}

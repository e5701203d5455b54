import express, { type ErrorRequestHandler, type Express, type RequestHandler, Router } from 'express';
import type { Authenticator } from '@chat/auth';
import type { ServiceName } from '@chat/config';
import type { Executor } from '@chat/db';
import {
  API_PREFIX,
  errorMiddleware,
  notFoundHandler,
  renderApiReference,
  type RateLimiter,
  requestContext,
  sendJson,
  setRouteTemplate,
  type OpenApiDocument,
} from '@chat/http';
import type { Logger } from '@chat/log';
import { authenticateRoute, realmResolver } from './authenticate';
import { ROUTES } from './route-table';

export interface GatewayDeps {
  db: Executor;
  authenticator: Authenticator;
  logger: Logger;
  /** How a request reaches a service: its app in-process, or an HTTP forwarder. */
  dispatch: Record<ServiceName, RequestHandler>;
  /**
   * The OpenAPI document, served at /api/v1/openapi.json with a reference page at /api/v1/docs.
   * Generated from the services' declarations where they can be imported (services/standalone);
   * the gateway only serves it.
   */
  apiDocs?: OpenApiDocument;
  /** Zulip's rate limits (@chat/http's rate-limit.ts); none: no limits. */
  rateLimiter?: RateLimiter;
}

/** The only public entry: authenticates, then hands each request to the service that owns it. */
export function buildGateway(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The request id starts here (or is taken from the caller) and goes with the request onwards.
  app.use(requestContext());
  const realmFor = realmResolver(deps.db);
  const router = Router();
  if (deps.apiDocs) {
    const doc = deps.apiDocs;
    const page = renderApiReference(doc);
    router.get('/openapi.json', (_req, res) => {
      setRouteTemplate(res, `${API_PREFIX}/openapi.json`);
      res.json(doc);
    });
    router.get('/docs', (_req, res) => {
      setRouteTemplate(res, `${API_PREFIX}/docs`);
      res.type('html').send(page);
    });
  }
  const methodsByPath = new Map<string, string[]>();
  for (const route of ROUTES) {
    const verb = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    const template = API_PREFIX + route.path;
    const named: RequestHandler = (_req, res, next) => {
      setRouteTemplate(res, template);
      next();
    };
    const steps: (RequestHandler | ErrorRequestHandler)[] = [
      named,
      ...(deps.rateLimiter?.beforeAuth(route) ?? []),
      authenticateRoute(route, deps.authenticator, realmFor),
      ...(deps.rateLimiter?.onAuthFailure(route) ?? []),
      ...(deps.rateLimiter?.afterAuth(route) ?? []),
      deps.dispatch[route.service],
    ];
    router[verb](route.path, ...steps);
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  }
  for (const [path, methods] of methodsByPath) {
    router.all(path, (req, res) => {
      if (req.method === 'OPTIONS') {
        res.setHeader('Allow', methods.join(', '));
        res.status(204).end();
        return;
      }
      sendJson(res, 405, { result: 'error', msg: 'Method Not Allowed', allowed_methods: methods });
    });
  }
  app.use(API_PREFIX, router);
  app.use(notFoundHandler);
  app.use(errorMiddleware(deps.logger));
  return app;
}

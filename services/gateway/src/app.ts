import express, { type Express, type RequestHandler, Router } from 'express';
import type { Authenticator } from '@chat/auth';
import type { ServiceName } from '@chat/config';
import type { Executor } from '@chat/db';
import { API_PREFIX, errorMiddleware, notFoundHandler, sendJson } from '@chat/http';
import type { Logger } from '@chat/log';
import { authenticateRoute, realmResolver } from './authenticate';
import { ROUTES } from './route-table';

export interface GatewayDeps {
  db: Executor;
  authenticator: Authenticator;
  logger: Logger;
  /** How a request reaches a service: its app in-process, or an HTTP forwarder. */
  dispatch: Record<ServiceName, RequestHandler>;
}

/** The only public entry: authenticates, then hands each request to the service that owns it. */
export function buildGateway(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const realmFor = realmResolver(deps.db);
  const router = Router();
  const methodsByPath = new Map<string, string[]>();
  for (const route of ROUTES) {
    const verb = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    router[verb](route.path, authenticateRoute(route, deps.authenticator, realmFor), deps.dispatch[route.service]);
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

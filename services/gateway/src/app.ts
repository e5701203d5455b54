import express, { type ErrorRequestHandler, type Express, type RequestHandler, Router } from 'express';
import { takeBrowserRequest, takeWebPrefix, type Authenticator } from '@chat/auth';
import { ZULIP_VERSION, type ServiceName } from '@chat/config';
import type { Executor } from '@chat/db';
import {
  addMethodNotAllowed,
  API_PREFIX,
  buildOpenApiDocument,
  errorMiddleware,
  notFoundHandler,
  type RateLimiter,
  requestContext,
  setRouteTemplate,
  type OpenApiDocument,
} from '@chat/http';
import { SERVER_EMOJI_DATA_PATH } from '@chat/contracts';
import type { Logger } from '@chat/log';
import { apiDocsRouter } from './api-docs';
import { authenticateRoute, realmResolver } from './authenticate';
import { dropChangedCredentials } from './auth-changes';
import { serveEmojiData } from './emoji-data';
import { serveThumbnail } from './thumbnail';
import { ROUTES } from './route-table';
import { webAppRouter } from './web-app';

/** The OpenAPI document of every route the gateway serves. */
export function gatewayApiDocument(): OpenApiDocument {
  return buildOpenApiDocument(ROUTES, { version: ZULIP_VERSION, zulipVersion: ZULIP_VERSION });
}

export interface GatewayDeps {
  db: Executor;
  /** EXTERNAL_HOST: a request's Host names its realm by subdomain of it (getRealmForHost). */
  externalHost: string;
  authenticator: Authenticator;
  logger: Logger;
  /** How a request reaches a service: its app in-process, or an HTTP forwarder. */
  dispatch: Record<ServiceName, RequestHandler>;
  /** Zulip's rate limits (@chat/http's rate-limit.ts); none: no limits. */
  rateLimiter?: RateLimiter;
  /** The web client's build (apps/web/dist), served at `/`; none: no web client. */
  webDir?: string;
}

/**
 * Uploads are linked at the root (POST /user_uploads answers `uri: "/user_uploads/..."`, and
 * messages link that path); clients fetch them there with their credentials, exactly as at the
 * API path, which serves them. Only fetching: uploading stays an API call.
 */
function rootUploads(router: Router): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    req.originalUrl = API_PREFIX + req.originalUrl;
    req.url = `/user_uploads${req.url}`;
    takeBrowserRequest(req);
    router(req, res, next);
  };
}

/** The only public entry: authenticates, then hands each request to the service that owns it. */
export function buildGateway(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The request id starts here (or is taken from the caller) and goes with the request onwards.
  app.use(requestContext());
  // /json/...: the same routes for a browser's session (rewritten to /api/v1, remembered as web).
  app.use((req, _res, next) => {
    takeWebPrefix(req);
    next();
  });
  const realmFor = realmResolver(deps.db, deps.externalHost);
  const router = Router();
  // The OpenAPI document and its reference page, from the same declarations as the routes.
  router.use(apiDocsRouter(gatewayApiDocument()));
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
      dropChangedCredentials(deps.authenticator),
      deps.dispatch[route.service],
    ];
    router[verb](route.path, ...steps);
  }
  addMethodNotAllowed(router, ROUTES);
  app.use(API_PREFIX, router);
  app.use('/user_uploads', rootUploads(router));
  app.get(SERVER_EMOJI_DATA_PATH, serveEmojiData());
  app.get('/thumbnail', serveThumbnail());
  if (deps.webDir) app.use(webAppRouter(deps.webDir));
  app.use(notFoundHandler);
  app.use(errorMiddleware(deps.logger));
  return app;
}

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
import { EMOJI_IMAGES_PATH, publicPath, SERVER_EMOJI_DATA_PATH } from '@chat/contracts';
import type { Logger } from '@chat/log';
import { apiDocsRouter } from './api-docs';
import { authenticateRoute, realmResolver } from './authenticate';
import { dropChangedCredentials } from './auth-changes';
import { serveEmojiData } from './emoji-data';
import { serveEmojiImages } from './emoji-images';
import { THUMBNAIL_PATH } from './public-paths';
import { serveThumbnail } from './thumbnail';
import { ROUTES, type Route } from './route-table';
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

const verbOf = (route: Route) => route.method.toLowerCase() as 'get' | 'head' | 'post' | 'patch' | 'put' | 'delete';

/**
 * The routes served at the root: the files messages and the API link (uploads, their temporary
 * URLs, custom emoji). A browser fetches them with its session cookie (an <img> in a message), an
 * API client with HTTP Basic at the same path (Zulip's override_api_url_scheme).
 */
function rootRouter(routes: readonly Route[], stepsOf: (route: Route) => (RequestHandler | ErrorRequestHandler)[]): Router {
  const router = Router();
  const browser: RequestHandler = (req, _res, next) => {
    takeBrowserRequest(req);
    next();
  };
  for (const route of routes) router[verbOf(route)](route.path, browser, ...stepsOf(route));
  addMethodNotAllowed(router, routes);
  return router;
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
  const stepsOf = (route: Route): (RequestHandler | ErrorRequestHandler)[] => {
    const template = publicPath(route);
    const named: RequestHandler = (_req, res, next) => {
      setRouteTemplate(res, template);
      next();
    };
    return [
      named,
      ...(deps.rateLimiter?.beforeAuth(route) ?? []),
      authenticateRoute(route, deps.authenticator, realmFor),
      ...(deps.rateLimiter?.onAuthFailure(route) ?? []),
      ...(deps.rateLimiter?.afterAuth(route) ?? []),
      dropChangedCredentials(deps.authenticator),
      deps.dispatch[route.service],
    ];
  };
  const apiRoutes = ROUTES.filter((route) => !route.root);
  const router = Router();
  // The OpenAPI document and its reference page, from the same declarations as the routes.
  router.use(apiDocsRouter(gatewayApiDocument()));
  for (const route of apiRoutes) router[verbOf(route)](route.path, ...stepsOf(route));
  addMethodNotAllowed(router, apiRoutes);
  app.use(API_PREFIX, router);
  app.use(
    rootRouter(
      ROUTES.filter((route) => route.root === true),
      stepsOf,
    ),
  );
  app.get(SERVER_EMOJI_DATA_PATH, serveEmojiData());
  app.get(`${EMOJI_IMAGES_PATH}/:file`, serveEmojiImages());
  app.get(THUMBNAIL_PATH, serveThumbnail());
  if (deps.webDir) app.use(webAppRouter(deps.webDir));
  app.use(notFoundHandler);
  app.use(errorMiddleware(deps.logger));
  return app;
}

import express, { type Express, type NextFunction, type Request, type Response, Router } from 'express';
import { publicPath } from '@chat/contracts';
import type { Logger } from '@chat/log';
import { FIXED_BODY_LIMIT_MAX, FORM_BODY_LIMIT } from './body-limits';
import { checkAuth, parseParams, rawParams, RESPONDED, withIgnoredParameters, type AnyEndpoint } from './endpoint';
import { sendSuccess } from './envelope';
import { errorMiddleware, notFoundHandler } from './errors-middleware';
import { addMethodNotAllowed } from './method-not-allowed';
import { checkImplementsContracts } from './coverage';
import { IDENTITY_HEADER, SIGNATURE_HEADER, verifyIdentityHeaders, type Identity } from './identity';
import { isMultipart, MULTIPART_FIELD_BYTES, readMultipart } from './multipart-files';
import { setRouteTemplate } from './metrics';
import { announceAuthChanges, inRequestContext, requestContext } from './request-context';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the gateway in-process, or from the signed internal header. */
    identity?: Identity;
  }
}

export const API_PREFIX = '/api/v1';

/** Form-urlencoded and multipart (fields only) bodies, for every method (Zulip's process_as_post). */
export function formBodyParsers(): express.RequestHandler[] {
  // At most 1000 fields of 1 MB, like the urlencoded parser's parameter limit and size. Field
  // names stay flat, as Django keeps them: `a[b]` is a parameter of that name, not a nested object.
  const limits = { fieldBytes: MULTIPART_FIELD_BYTES, fields: 1000, files: 0, fileBytes: 0 };
  const multipartFields: express.RequestHandler = (req, _res, next) => {
    if (!isMultipart(req.headers['content-type'])) return next();
    readMultipart(req.headers, req, limits).then(({ fields }) => {
      req.body = fields;
      next();
    }, next);
  };
  return [express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT }), multipartFields];
}

/** The whole body as a Buffer, any Content-Type; an over-limit body is body-parser's 413. */
function rawBodyParser(endpoint: AnyEndpoint, limit: number | string): express.RequestHandler {
  // The servers refuse bodies above maxRequestBodyBytes before any parser runs: a larger limit
  // here would never be reached.
  if (typeof limit === 'number' && limit > FIXED_BODY_LIMIT_MAX && !endpoint.rawBody?.upload) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: a raw body limit above ${FIXED_BODY_LIMIT_MAX} bytes is only for the file upload`,
    );
  }
  return express.raw({ type: () => true, limit });
}

function runEndpoint(endpoint: AnyEndpoint) {
  return (req: Request, res: Response, next: NextFunction): Promise<void> => inRequestContext(req, () => handle(req, res, next));
  async function handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    setRouteTemplate(res, endpoint.contract ? publicPath(endpoint.contract) : API_PREFIX + endpoint.path);
    try {
      const identity = checkAuth(endpoint, req.identity);
      const raw = rawParams(req);
      const params = parseParams(endpoint, raw);
      // Without a body the raw parser leaves req.body unset: the handler still gets a Buffer.
      const rawBody = endpoint.rawBody ? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) : undefined;
      const result = await endpoint.handler({ params, identity, req, res, rawBody } as never);
      if (result === RESPONDED) return;
      announceAuthChanges(res);
      sendSuccess(res, withIgnoredParameters(endpoint, raw, result ?? {}));
    } catch (err) {
      next(err);
    }
  }
}

/** The routes of a set of endpoints, with 405 for a known path and another method. */
export function endpointRouter(endpoints: AnyEndpoint[]): Router {
  const router = Router();
  // Bodies are parsed per route, so an endpoint that asks for its raw body gets the stream untouched.
  const formParsers = formBodyParsers();
  for (const endpoint of endpoints) {
    const verb = endpoint.method.toLowerCase() as 'get' | 'head' | 'post' | 'patch' | 'put' | 'delete';
    const parsers = endpoint.rawBody ? [rawBodyParser(endpoint, endpoint.rawBody.limit)] : formParsers;
    router[verb](endpoint.path, ...parsers, runEndpoint(endpoint));
  }
  addMethodNotAllowed(router, endpoints);
  return router;
}

/** Accepts the gateway's identity header when it carries a valid signature (any of `secret`'s). */
export function identityFromHeaders(secret: string | readonly string[]): express.RequestHandler {
  return (req, _res, next) => {
    if (!req.identity) {
      const identity = verifyIdentityHeaders(req.header(IDENTITY_HEADER), req.header(SIGNATURE_HEADER), secret);
      if (identity) req.identity = identity;
    }
    next();
  };
}

export interface ServiceAppOptions {
  endpoints: AnyEndpoint[];
  /** The secrets whose signatures are believed: INTERNAL_SECRET, and during a rotation the previous one. */
  internalSecret: string | readonly string[];
  logger: Logger;
  /** Routes mounted before the API routes, e.g. health checks or raw-body webhooks. */
  extraRoutes?: (app: Express) => void;
}

/**
 * A service's HTTP app: identity, body parsing per endpoint (form, or raw when declared), its endpoints under /api/v1 (`root` ones at their own paths), JSON 404/405 and the
 * error middleware. It never listens; main.ts or the standalone composition root decides that.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  checkImplementsContracts(options.endpoints);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestContext());
  options.extraRoutes?.(app);
  app.use(identityFromHeaders(options.internalSecret));
  // Files linked from the root (uploads, custom emoji) are served at their own paths; the gateway
  // forwards them there unchanged.
  const atRoot = (endpoint: AnyEndpoint) => endpoint.contract?.root === true;
  app.use(API_PREFIX, endpointRouter(options.endpoints.filter((endpoint) => !atRoot(endpoint))));
  const rootEndpoints = options.endpoints.filter(atRoot);
  if (rootEndpoints.length > 0) app.use(endpointRouter(rootEndpoints));
  app.use(notFoundHandler);
  app.use(errorMiddleware(options.logger));
  return app;
}

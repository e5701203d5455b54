/**
 * One declaration per endpoint: method, path, who may call it, its parameters, its handler.
 * The same declarations drive validation, the route table and the 405 answers.
 */
import type { Request, Response } from 'express';
import Ajv, { type ValidateFunction } from 'ajv';
import { invalidArgument, unauthorized } from '@chat/errors';
import {
  convertParams,
  pathSegmentNames,
  type AnyContract,
  type Method,
  type ParamSpecs,
  type ParamValues,
  type RawParams,
} from '@chat/contracts';
import type { AnonymousIdentity, Identity, ServiceIdentity, UserIdentity } from './identity';

export type { Method };

/** `user`: an authenticated user or bot; `public`: anyone; `service`: another service only. */
export type AuthKind = 'user' | 'public' | 'service';

type IdentityFor<A extends AuthKind> = A extends 'user' ? UserIdentity : A extends 'service' ? ServiceIdentity : Identity;

export interface HandlerContext<S extends ParamSpecs, A extends AuthKind> {
  params: ParamValues<S>;
  identity: IdentityFor<A>;
  req: Request;
  res: Response;
  /** The body as it arrived, for endpoints declared with `rawBody` (empty when there was none). */
  rawBody?: Buffer;
}

/** Returned by a handler that wrote the response itself (a long-poll, a redirect). */
export const RESPONDED = Symbol('responded');

export type HandlerResult = Record<string, unknown> | void | typeof RESPONDED;

export interface Endpoint<S extends ParamSpecs = ParamSpecs, A extends AuthKind = AuthKind> {
  method: Method;
  /** Express path under /api/v1, e.g. `/messages/:message_id`. */
  path: string;
  auth: A;
  params: S;
  /**
   * Receive the body unparsed whatever its Content-Type (incoming webhooks: Zulip's tests post
   * JSON form-encoded), refused with a 413 beyond `limit` (bytes, or a size like '2mb'). Form
   * fields are then not request variables; the query string and path still are. A limit above
   * FIXED_BODY_LIMIT_MAX (body-limits.ts) is only for the file upload, sized by MAX_FILE_UPLOAD_SIZE
   * (`upload: true`), which the servers' Content-Length cap follows.
   */
  rawBody?: { limit: number | string; upload?: boolean };
  /** The declaration it implements (absent only for the ad-hoc endpoints of libs/http's tests). */
  contract?: AnyContract;
  /** Path parameters come as strings and are converted by the same specs. */
  handler: (ctx: HandlerContext<S, A>) => Promise<HandlerResult> | HandlerResult;
}

export type AnyEndpoint = Endpoint<ParamSpecs, AuthKind>;

export function defineEndpoint<S extends ParamSpecs, A extends AuthKind>(endpoint: Endpoint<S, A>): AnyEndpoint {
  return endpoint as unknown as AnyEndpoint;
}

const ajv = new Ajv({ allErrors: false, strict: false });
/** What parameter parsing needs of an endpoint: its specs (an endpoint's or its contract's). */
type Declared = Pick<AnyEndpoint, 'params'>;

const validators = new WeakMap<Declared, ValidateFunction>();

function validatorFor(endpoint: Declared): ValidateFunction {
  let validate = validators.get(endpoint);
  if (!validate) {
    const properties = Object.fromEntries(Object.entries(endpoint.params).map(([name, p]) => [name, p.schema]));
    validate = ajv.compile({ type: 'object', properties });
    validators.set(endpoint, validate);
  }
  return validate;
}

/**
 * Request variables as Zulip's REQ sees them: the query string and the form body merged, the
 * body winning, plus the path parameters.
 */
export function rawParams(req: Request): RawParams {
  const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {};
  return { ...(req.query as RawParams), ...(body as RawParams), ...req.params };
}

export function parseParams(endpoint: Declared, raw: RawParams): Record<string, unknown> {
  const values = convertParams(endpoint.params, raw);
  const validate = validatorFor(endpoint);
  if (!validate(values)) {
    const error = validate.errors?.[0];
    const name = error?.instancePath.split('/')[1] ?? error?.params?.missingProperty ?? 'request';
    throw invalidArgument(name, raw[name] ?? values[name]);
  }
  return values;
}

/**
 * Parameters a client sent that the endpoint does not take are ignored, never refused, and the
 * answer lists them (Zulip's ignored_parameters_unsupported, feature level 167), so a newer
 * client learns what this server did not act on. Webhook and raw-body endpoints take payloads
 * whose fields are not parameters, so they list nothing.
 */
export function withIgnoredParameters(
  endpoint: Pick<AnyEndpoint, 'params' | 'auth' | 'rawBody' | 'path'>,
  raw: RawParams,
  result: Record<string, unknown>,
): Record<string, unknown> {
  if (endpoint.rawBody || (endpoint.auth !== 'user' && endpoint.auth !== 'public')) return result;
  // A parameter's aliases (topic's `subject`) are taken as the parameter itself, and the parts of
  // the path a handler reads itself (a file's path) were never request variables.
  const taken = new Set([
    ...Object.entries(endpoint.params).flatMap(([name, spec]) => [name, ...spec.aliases]),
    ...pathSegmentNames(endpoint.path),
  ]);
  const ignored = Object.keys(raw)
    .filter((name) => !taken.has(name))
    .sort();
  return ignored.length > 0 ? { ...result, ignored_parameters_unsupported: ignored } : result;
}

export function checkAuth(endpoint: { auth: AuthKind }, identity: Identity | undefined): Identity {
  const who: Identity = identity ?? { kind: 'anonymous', realmId: null };
  if (endpoint.auth === 'user' && who.kind !== 'user') {
    throw unauthorized('Not logged in: API authentication or user session required');
  }
  if (endpoint.auth === 'service' && who.kind !== 'service') {
    throw unauthorized('This endpoint is for internal calls only');
  }
  return who;
}

export type { AnonymousIdentity };

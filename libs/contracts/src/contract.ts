/**
 * What an endpoint is, as data: everything about it but its handler. The services bind handlers
 * to these declarations (libs/http `implement`); the gateway's route table, the 404/405 router,
 * the OpenAPI document and the typed client read them directly. Nothing here imports a service,
 * express, ajv or Node, so a browser can load it.
 */
import { KindGuard, type TObject } from '@sinclair/typebox';
import type { ParamDocs, ParamSpecs } from './params';

/** The services that own endpoints (and the processes of the distributed topology). */
export const SERVICE_NAMES = ['message', 'subscription', 'settings', 'webhook', 'event-queue'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every public path starts here (but a `root` endpoint's); a service mounts its routers under it too. */
export const API_PREFIX = '/api/v1';

/**
 * The web client's prefix (Zulip's /json): every route is served here too, with the same rules,
 * for a browser holding a session cookie instead of an API key.
 */
export const WEB_PREFIX = '/json';

/**
 * How a caller proves who they are.
 * - `user`: a user or bot with its API key (HTTP Basic) under /api/v1.
 * - `public`: anyone; the realm comes from the Host header.
 * - `webhook`: an integration posting to /external: the bot's `api_key` in the query string
 *   (Zulip's api_key_only_webhook_view), or HTTP Basic where `webhookAuth` says so.
 * - `service`: another service of this server only (a signed identity header); the gateway never
 *   routes it.
 */
export type ContractAuth = 'user' | 'public' | 'webhook' | 'service';

/**
 * A top-level field of the success answer: its JSON type, `?` when it is not always there; or
 * that type with what the field holds, for the reference page (`['integer', 'The new id']`).
 */
type JsonTag = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any';
export type ResponseTag = JsonTag | `${JsonTag}?`;
export type ResponseField = ResponseTag | readonly [ResponseTag, string];
export type ResponseShape = Readonly<Record<string, ResponseField>>;

/** A declared answer field's type tag, whether or not it is described. */
export type TagOf<F extends ResponseField> = F extends readonly [infer T, string] ? T : F;

export function responseTag(field: ResponseField): ResponseTag {
  return typeof field === 'string' ? field : field[0];
}

export function responseDescription(field: ResponseField): string | undefined {
  return typeof field === 'string' ? undefined : field[1];
}

/**
 * Fields any success answer of a user or public endpoint may carry beside its own: the request's
 * parameters the endpoint does not take, which it ignored (Zulip's feature level 167).
 */
export const COMMON_SUCCESS_FIELDS: ResponseShape = { ignored_parameters_unsupported: 'array?' };

/**
 * A declaration's success answer: a TypeBox object schema of its fields beside `result` and `msg`
 * (./answers.ts: described in depth, checked in depth), or the older record of top-level tags,
 * which endpoints leave one by one (libs/contracts/test/answers-still-on-tags.txt lists those still on it).
 */
export type SuccessDeclaration = ResponseShape | AnswerSchema;
export type AnswerSchema = TObject;

/** Whether the answer is declared as a schema rather than as top-level tags. */
export function isAnswerSchema(success: SuccessDeclaration): success is AnswerSchema {
  return KindGuard.IsObject(success);
}

export interface ContractFields<S extends ParamSpecs, R extends SuccessDeclaration> {
  method: Method;
  /** Express path under API_PREFIX, e.g. `/messages/:message_id` (from the root when `root`). */
  path: string;
  auth: ContractAuth;
  /** One line for the reference page. */
  summary: string;
  /** For the reference page: what it does, for whom, and what to know before calling it (Markdown). */
  description?: string;
  /**
   * The call of Zulip's Python bindings (python-zulip-api's `zulip.Client`) for it, where they
   * have one, naming its arguments: a parameter by its name, `request` for a dict of the other
   * parameters, `**request` for them as keyword arguments; e.g. `send_message(request)`,
   * `delete_message(message_id)`, `get_streams(**request)`.
   */
  python?: string;
  /** For the reference: path segments the handler reads itself rather than as parameters. */
  pathSegments?: Readonly<Record<string, ParamDocs>>;
  params: S;
  /** The fields of the success answer beside `result` and `msg`: a schema, or top-level tags. */
  success: R;
  /**
   * HTTP statuses of its errors beyond the ones every endpoint may give (400 for bad parameters,
   * 401 for a failed authentication, 429 when rate limited).
   */
  errors?: readonly number[];
  /** Incoming-webhook bots may call it too (Zulip's allow_incoming_webhooks: sending messages). */
  webhookBots?: boolean;
  /** For auth `webhook`: `api_key` (the default) or HTTP Basic, for integrations that declare it. */
  webhookAuth?: 'api_key' | 'basic';
  /**
   * The body arrives unparsed whatever its Content-Type (incoming webhooks; uploads, parsed as
   * multipart by the handler), refused with a 413 beyond `limit` bytes. `upload`: the limit is
   * the server's MAX_FILE_UPLOAD_SIZE, given when the handler is bound.
   */
  rawBody?: { limit: number; upload?: false } | { upload: true };
  /** Served only under WEB_PREFIX, never under /api/v1: starting and ending a browser session. */
  webOnly?: boolean;
  /**
   * Served at `path` from the server's root, never under /api/v1 or /json: the files messages and
   * the API link (uploads, custom emoji). A `user` one takes HTTP Basic or the browser's session
   * cookie at the one path (Zulip's override_api_url_scheme); its answer is a file, not JSON.
   */
  root?: boolean;
  /**
   * For a `public` endpoint whose every call costs the server (a password check, a login state
   * written): each client address gets UNAUTHENTICATED_PER_MINUTE calls a minute.
   */
  limitPerClient?: boolean;
}

export interface Contract<S extends ParamSpecs = ParamSpecs, R extends SuccessDeclaration = SuccessDeclaration> extends ContractFields<
  S,
  R
> {
  /** The operation id: its key in the service's declarations. */
  readonly name: string;
  readonly service: ServiceName;
  readonly errors: readonly number[];
}

/** Any contract, whatever its parameters and answer: what routers and tables iterate over. */
export type AnyContract = Contract<ParamSpecs, SuccessDeclaration>;

/**
 * A service's endpoints, keyed by operation id. The keys become the contracts' names, so each
 * name is written once.
 */
export function declareEndpoints<const D extends Record<string, ContractFields<ParamSpecs, SuccessDeclaration>>>(
  service: ServiceName,
  declarations: D,
): { [K in keyof D]: Declared<D[K], K & string> } {
  const out: Record<string, AnyContract> = {};
  for (const [name, fields] of Object.entries(declarations)) {
    out[name] = { ...fields, name, service, errors: fields.errors ?? [] };
  }
  return out as { [K in keyof D]: Declared<D[K], K & string> };
}

/** A declaration as written (its literal auth, parameters and answer kept) with its name and owner. */
type Declared<F, Name extends string> = F & { readonly name: Name; readonly service: ServiceName; readonly errors: readonly number[] };

/** `/messages/:message_id` -> `['message_id']`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** Every named part of a path, wildcards too: `/user_uploads/:realm_id/*path` -> `['realm_id', 'path']`. */
export function pathSegmentNames(path: string): string[] {
  return [...path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** Where a client reaches the endpoint (under /api/v1, or at the root): `/api/v1/messages/:message_id`. */
export function publicPath(contract: Pick<AnyContract, 'path' | 'root'>): string {
  return (contract.root ? '' : API_PREFIX) + contract.path;
}

/**
 * A typed client of the API, made from the declarations: `client.call(messageEndpoints.sendMessage,
 * {type: 'stream', to: 'Denmark', ...})` checks the parameter names and gives the answer's declared
 * fields their types. It encodes as Zulip's clients do (GET parameters in the query, others as a
 * form; strings as they are, everything else JSON) and needs only `fetch`, so it runs in a browser
 * as in Node; tests give it a transport of their own.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { SuccessEnvelope } from './answers';
import { API_PREFIX, WEB_PREFIX, pathParamNames, type AnyContract, type Method, type ResponseShape, type TagOf } from './contract';
import type { ParamSpec } from './params';

/** A request as it goes on the wire: the path with its query, under the server's base URL. */
export interface WireRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface WireResponse {
  status: number;
  contentType: string;
  /** The parsed JSON body, or the text when it was not JSON (a downloaded file). */
  body: unknown;
}

export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** A parameter's value as a caller gives it: what it declares it is sent as (else its converted type), or the raw text. */
type SentAs<S, T> = S extends { readonly __input?: infer In } ? (unknown extends In ? T : In) : T;
type InputOf<S> = S extends ParamSpec<infer T, boolean> ? SentAs<S, T> | string : never;
export type ParamsIn<C extends AnyContract> = { [K in keyof C['params']]?: InputOf<C['params'][K]> };

type TypeOfTag<T extends string> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'array'
        ? unknown[]
        : T extends 'object'
          ? Record<string, unknown>
          : unknown;
type RequiredFields<R extends ResponseShape> = {
  [K in keyof R as TagOf<R[K]> extends `${string}?` ? never : K extends '*' ? never : K]: TypeOfTag<TagOf<R[K]>>;
};
type OptionalFields<R extends ResponseShape> = {
  [K in keyof R as TagOf<R[K]> extends `${string}?` ? K : never]?: TagOf<R[K]> extends `${infer T}?` ? TypeOfTag<T> : never;
};
type Open<R extends ResponseShape> = '*' extends keyof R ? Record<string, unknown> : unknown;
type TaggedSuccess<R extends ResponseShape> = { result: 'success'; msg: string } & RequiredFields<R> & OptionalFields<R> & Open<R>;
/** The success answer of a contract: result, msg and its declared fields (the schema's type, or the tags'). */
export type SuccessOf<C extends AnyContract> = SuccessFor<C['success']>;
// The schema first: a TypeBox schema takes any key, so it would pass for a tag record too.
type SuccessFor<R> = R extends TObject ? SuccessEnvelope<Static<R>> : R extends ResponseShape ? TaggedSuccess<R> : never;

export interface ErrorBody {
  result: 'error';
  msg: string;
  code?: string;
  [key: string]: unknown;
}

export type CallResult<C extends AnyContract> =
  | { ok: true; status: number; contentType: string; body: SuccessOf<C> }
  | { ok: false; status: number; contentType: string; body: ErrorBody };

/** Thrown by `call` for an error answer; `request` returns it instead. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(`${status}: ${body.msg}`);
  }
}

export interface Credentials {
  email: string;
  apiKey: string;
}

export interface ClientOptions {
  /** Where the server is, e.g. `https://chat.example.com`; empty: the page's own origin. */
  baseUrl?: string;
  credentials?: Credentials;
  transport?: Transport;
  /** Sent as User-Agent where the platform allows it (Zulip reads the client's name from it). */
  userAgent?: string;
  /**
   * API_PREFIX (the default, for API keys) or WEB_PREFIX (a browser with a session cookie);
   * a `webOnly` endpoint is always called under WEB_PREFIX, a `root` one at its own path.
   */
  prefix?: string;
  /** Headers added to every request, read at each call (a browser's CSRF token). */
  headers?: () => Record<string, string>;
}

/** A raw body for the endpoints that take one (incoming webhooks, uploads). */
export interface RawBody {
  body: string | Uint8Array;
  contentType: string;
}

/** Zulip's encoding of one value: strings as they are, everything else JSON. */
export function encodeParam(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** btoa for any text: the credentials may hold non-Latin-1 characters. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuthorization(credentials: Credentials): string {
  return `Basic ${base64(`${credentials.email}:${credentials.apiKey}`)}`;
}

/** `/messages/:message_id` with {message_id: 5} -> `/messages/5`; a wildcard keeps its slashes. */
function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/([:*])([A-Za-z0-9_]+)/g, (_m, kind: string, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: the path parameter ${name} is missing`);
    const text = encodeParam(value);
    return kind === '*' ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
  });
}

const fetchTransport =
  (baseUrl: string): Transport =>
  async ({ method, url, headers, body }) => {
    const res = await fetch(baseUrl + url, { method, headers, body });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    return { status: res.status, contentType, body: contentType.startsWith('application/json') ? JSON.parse(text) : text };
  };

export class ChatClient {
  private readonly transport: Transport;
  credentials: Credentials | undefined;

  constructor(private readonly options: ClientOptions = {}) {
    this.transport = options.transport ?? fetchTransport(options.baseUrl ?? '');
    this.credentials = options.credentials;
  }

  /** Calls the endpoint and returns its answer, success or error. */
  async request<C extends AnyContract>(contract: C, params: ParamsIn<C> = {}, raw?: RawBody): Promise<CallResult<C>> {
    const values = params as Record<string, unknown>;
    const inPath = new Set(pathParamNames(contract.path.replace(/\*([A-Za-z0-9_]+)/g, ':$1')));
    const fields = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined && !inPath.has(name)) fields.append(name, encodeParam(value));
    }
    const headers: Record<string, string> = { ...this.options.headers?.() };
    if (this.options.userAgent) headers['User-Agent'] = this.options.userAgent;
    if (this.credentials && contract.auth === 'webhook' && contract.webhookAuth !== 'basic')
      fields.append('api_key', this.credentials.apiKey);
    else if (this.credentials && contract.auth !== 'public') headers.Authorization = basicAuthorization(this.credentials);
    const prefix = contract.root ? '' : contract.webOnly ? WEB_PREFIX : (this.options.prefix ?? API_PREFIX);
    const path = prefix + fillPath(contract.path, values);
    const inQuery = contract.method === 'GET' || raw !== undefined || contract.rawBody !== undefined;
    const encoded = fields.toString();
    const query = inQuery && encoded !== '' ? `?${encoded}` : '';
    let body: string | Uint8Array | undefined;
    if (raw) {
      headers['Content-Type'] = raw.contentType;
      body = raw.body;
    } else if (!inQuery) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = encoded;
    }
    const res = await this.transport({ method: contract.method, url: path + query, headers, body });
    const answer = res.body as { result?: unknown } | null;
    if (res.status === 200 && (typeof answer !== 'object' || answer?.result !== 'error')) {
      return { ok: true, status: res.status, contentType: res.contentType, body: res.body as SuccessOf<C> };
    }
    return { ok: false, status: res.status, contentType: res.contentType, body: res.body as ErrorBody };
  }

  /** Calls the endpoint and returns its success answer; an error answer throws ApiCallError. */
  async call<C extends AnyContract>(contract: C, params: ParamsIn<C> = {}, raw?: RawBody): Promise<SuccessOf<C>> {
    const result = await this.request(contract, params, raw);
    if (!result.ok) throw new ApiCallError(result.status, result.body);
    return result.body;
  }
}

/** The contract serving `method path` (a concrete path such as `/messages/12`), with its path parameters. */
export function matchContract(
  contracts: readonly AnyContract[],
  method: Method,
  path: string,
): { contract: AnyContract; pathParams: Record<string, string> } | undefined {
  for (const contract of contracts) {
    if (contract.method !== method) continue;
    const names: string[] = [];
    const pattern = contract.path.replace(/[.]/g, '\\.').replace(/([:*])([A-Za-z0-9_]+)/g, (_m, kind: string, name: string) => {
      names.push(name);
      return kind === '*' ? '(.+)' : '([^/]+)';
    });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (found) {
      return { contract, pathParams: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)])) };
    }
  }
  return undefined;
}

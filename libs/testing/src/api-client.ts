import request from 'supertest';
import { ChatClient, encodeParam, settingsEndpoints, type Credentials, type Transport } from '@chat/contracts';
import { basicAuth } from './config';
import { waitFor } from './waits';

/** An app or server supertest can call, or a base URL. */
type Target = Parameters<typeof request>[0];
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface ApiClientOptions {
  /** Sent as User-Agent, which names the sending client (e.g. 'ZulipPython/0.6', as the Python bindings). */
  userAgent?: string;
}

/**
 * A small Zulip API client over supertest, for tests that run the same sequence against the
 * embedded app and the distributed gateway's URL.
 */
export class ApiClient {
  private authorization = '';
  private credentials: Credentials | undefined;

  constructor(
    private readonly target: Target,
    private readonly options: ApiClientOptions = {},
  ) {}

  /** Logs in as `email` through the development endpoint, as Zulip's dev tooling does. */
  async loginAs(email: string): Promise<this> {
    const res = await new ChatClient({ transport: supertestTransport(this.target) }).request(settingsEndpoints.devFetchApiKey, {
      username: email,
    });
    if (!res.ok) throw new Error(`dev_fetch_api_key ${email}: ${res.status} ${res.body.msg}`);
    this.credentials = { email: res.body.email, apiKey: res.body.api_key };
    this.authorization = basicAuth(res.body.email, res.body.api_key);
    return this;
  }

  /** The typed client (@chat/contracts) as this user, over the same target. */
  get typed(): ChatClient {
    return new ChatClient({ transport: supertestTransport(this.target), credentials: this.credentials, userAgent: this.options.userAgent });
  }

  /** The Authorization header value of the logged-in user. */
  get auth(): string {
    return this.authorization;
  }

  /** An authenticated request to `path` (under /api/v1 unless it starts with /api/), for bodies of any kind. */
  api(method: Method, path: string) {
    const req = request(this.target)
      [method](path.startsWith('/api/') ? path : `/api/v1${path}`)
      .set('Authorization', this.authorization);
    return this.options.userAgent ? req.set('User-Agent', this.options.userAgent) : req;
  }

  /** GET parameters in the query, the others as a form, encoded as Zulip's clients encode them. */
  call(method: Method, path: string, params: Record<string, unknown> = {}) {
    const req = this.api(method, path);
    return method === 'get' ? req.query(encode(params)) : req.type('form').send(encode(params));
  }

  get(path: string, query: Record<string, unknown> = {}) {
    return this.call('get', path, query);
  }

  post(path: string, form: Record<string, unknown> = {}) {
    return this.call('post', path, form);
  }

  patch(path: string, form: Record<string, unknown> = {}) {
    return this.call('patch', path, form);
  }

  put(path: string, form: Record<string, unknown> = {}) {
    return this.call('put', path, form);
  }

  delete(path: string, form: Record<string, unknown> = {}) {
    return this.call('delete', path, form);
  }

  /**
   * The queue's events from its start that `match`, once there are `count` of them: polled
   * without blocking (`dont_block`), so a test waits for the events, never a fixed time.
   */
  async events<E = Record<string, unknown>>(queueId: string, count = 1, match: (event: E) => boolean = () => true): Promise<E[]> {
    let found: E[] = [];
    await waitFor(async () => {
      const res = await this.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      found = (res.body.events as E[]).filter(match);
      return found.length >= count;
    });
    return found;
  }
}

/** Zulip's encoding of each value (encodeParam), for supertest's query and form. */
function encode(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeParam(v)]));
}

/** The typed client's requests made through supertest: an app in-process, or a server's URL. */
export function supertestTransport(target: Target): Transport {
  return async ({ method, url, headers, body }) => {
    const req = request(target)[method.toLowerCase() as Method](url).set(headers);
    const res = body === undefined ? await req : await req.send(typeof body === 'string' ? body : Buffer.from(body));
    const contentType = String(res.headers['content-type'] ?? '');
    return { status: res.status, contentType, body: contentType.startsWith('application/json') ? res.body : res.text };
  };
}

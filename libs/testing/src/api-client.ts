import request from 'supertest';
import type { Express } from 'express';
import { basicAuth } from './config';

type Target = Express | string;

/**
 * A small Zulip API client over supertest, for tests that run the same sequence against the
 * embedded app and the distributed gateway's URL.
 */
export class ApiClient {
  private auth = '';

  constructor(private readonly target: Target) {}

  /** Logs in as `email` through the development endpoint, as Zulip's dev tooling does. */
  async loginAs(email: string): Promise<this> {
    const res = await request(this.target).post('/api/v1/dev_fetch_api_key').type('form').send({ username: email });
    if (res.status !== 200) throw new Error(`dev_fetch_api_key ${email}: ${res.status} ${res.text}`);
    this.auth = basicAuth(res.body.email, res.body.api_key);
    return this;
  }

  get(path: string, query: Record<string, unknown> = {}) {
    return request(this.target).get(`/api/v1${path}`).query(encode(query)).set('Authorization', this.auth);
  }

  post(path: string, form: Record<string, unknown> = {}) {
    return request(this.target).post(`/api/v1${path}`).type('form').send(encode(form)).set('Authorization', this.auth);
  }

  patch(path: string, form: Record<string, unknown> = {}) {
    return request(this.target).patch(`/api/v1${path}`).type('form').send(encode(form)).set('Authorization', this.auth);
  }

  delete(path: string, form: Record<string, unknown> = {}) {
    return request(this.target).delete(`/api/v1${path}`).type('form').send(encode(form)).set('Authorization', this.auth);
  }
}

/** Zulip's encoding: strings as they are, everything else JSON (booleans, lists, objects). */
function encode(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/**
 * GET /users/me and GET /server_settings against the response schemas of Zulip 2.1's own OpenAPI
 * document (../shared/reference/zulip-2.1-openapi.yaml), with every $ref resolved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import request from 'supertest';
import { parse } from 'yaml';
import { anonymousHeaders } from '@chat/testing';
import { startSettings, type Harness } from './helpers';

const SPEC_FILE = join(__dirname, '../../../../shared/reference/zulip-2.1-openapi.yaml');

type Json = Record<string, unknown>;

/** Replaces each {$ref: '#/a/b'} by the object it points at, recursively. */
function resolveRefs(node: unknown, root: Json, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, root, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`circular $ref ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key], root);
    return resolveRefs(target, root, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, resolveRefs(v, root, seen)]));
}

/**
 * Zulip's schemas describe fields under `allOf` parts that do not list them as required; a
 * response missing a documented field would still pass. Every documented property is therefore
 * also required here (each one appears in Zulip's own example response).
 */
function requireDocumented(schema: Json): Json {
  const parts = (schema.allOf as Json[] | undefined) ?? [schema];
  const documented = parts.flatMap((part) => Object.keys((part.properties as Json | undefined) ?? {}));
  return { allOf: [schema, { required: documented }] };
}

describe('responses against Zulip 2.1 OpenAPI', () => {
  let h: Harness;
  const spec = parse(readFileSync(SPEC_FILE, 'utf8')) as Json;
  const paths = spec.paths as Record<string, Record<string, Json>>;
  const ajv = new Ajv({ strict: false, allErrors: true });

  function schemaFor(path: string, method: string): Json {
    const response = (paths[path]![method]!.responses as Record<string, Json>)['200']!;
    const content = (response.content as Record<string, Json>)['application/json']!;
    return requireDocumented(resolveRefs(content.schema, spec) as Json);
  }

  function check(schema: Json, body: unknown): void {
    const validate = ajv.compile(schema);
    if (!validate(body)) throw new Error(ajv.errorsText(validate.errors));
  }

  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  it('the schema check can fail', () => {
    expect(() => check(schemaFor('/users/me', 'get'), { result: 'success', msg: '', user_id: 'x' })).toThrow();
  });

  it('GET /users/me matches the Profile schema, for a user and a bot', async () => {
    for (const email of ['iago@zulip.com', 'default-bot@zulip.com']) {
      const res = await request(h.app).get('/api/v1/users/me').set(await h.headers(email));
      expect(res.status).toBe(200);
      check(schemaFor('/users/me', 'get'), res.body);
    }
  });

  it('GET /server_settings matches, with and without a realm', async () => {
    const withRealm = await request(h.app).get('/api/v1/server_settings').set(await anonymousHeaders(h.db, h.config));
    check(schemaFor('/server_settings', 'get'), withRealm.body);
    const schema = resolveRefs((paths['/server_settings']!.get!.responses as Json)['200'], spec) as Json;
    const root = ((schema.content as Json)['application/json'] as Json).schema as Json;
    const withoutRealm = await request(h.app).get('/api/v1/server_settings');
    check(root, withoutRealm.body);
  });
});

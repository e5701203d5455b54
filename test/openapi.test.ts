/**
 * The OpenAPI document covers every route the gateway serves, with the parameters each endpoint
 * declares and the authentication its route-table row names.
 */
import { CONTRACTS, webhookEndpoints } from '@chat/contracts';
import { ROUTES } from '@chat/gateway-service';
import { openApiPath } from '@chat/http';
import { gatewayApiDocument } from '@chat/gateway-service';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const doc = gatewayApiDocument();
/** The API's routes: those served from the root answer files, not the JSON API, and are left out. */
const API_ROUTES = ROUTES.filter((route) => !route.root);

describe('OpenAPI document', () => {
  it('has exactly one operation per gateway route', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routed = API_ROUTES.map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(ROUTES.filter((r) => r.root).map((r) => r.name)).toEqual([
      'getCustomEmojiImage',
      'oidcLoginStart',
      'oidcSignupStart',
      'oidcComplete',
      'externalLoginHandoff',
      'getAvatar',
      'getMediumAvatar',
      'showEmailUnsubscribePage',
      'unsubscribeFromEmail',
      'getFileByTemporaryUrl',
      'getUploadedFile',
    ]);
    expect(documented.sort()).toEqual(routed.sort());
    const ids = documented.map((key) => {
      const [method, path] = key.split(' ');
      return doc.paths[path!]![method!.toLowerCase()]!.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes each success answer with its declared fields, and lists the declared error statuses', () => {
    const send = doc.paths['/messages']!.post!;
    const schema = (
      send.responses['200'] as { content: { 'application/json': { schema: { required: string[]; properties: Record<string, unknown> } } } }
    ).content['application/json'].schema;
    expect(schema.required).toEqual(['result', 'msg', 'id']);
    expect(schema.properties.id).toEqual({ type: 'integer', description: 'The id of the new message.' });
    const fetchKey = doc.paths['/fetch_api_key']!.post!;
    expect(Object.keys(fetchKey.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
  });

  it('lists every integration: its display name, what it posts and the options its URL takes', () => {
    for (const integration of Object.values(webhookEndpoints)) {
      const op = doc.paths[`/external/${integration.name}`]!.post!;
      expect(op.summary).toBe(`Incoming webhook: ${integration.displayName}`);
      expect(op.description).toContain(integration.posts);
      const names = (op.parameters ?? []).map((p) => p.name);
      for (const option of integration.urlOptions) expect(names).toContain(option.key);
      expect(names).toEqual(expect.arrayContaining(['stream', 'topic', 'only_events', 'exclude_events']));
    }
  });

  it('says how each route authenticates', () => {
    for (const route of API_ROUTES) {
      const op = doc.paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
      const basic = route.webOnly ? [{ sessionCookie: [] }] : [{ basicAuth: [] }];
      const expected =
        route.auth === 'public' ? [] : route.auth === 'webhook' && route.webhookAuth !== 'basic' ? [{ apiKeyQuery: [] }] : basic;
      // The browser-session routes exist only under /json.
      expect(op.servers).toEqual(route.webOnly ? [{ url: '/json' }] : undefined);
      expect({ route: `${route.method} ${route.path}`, security: op.security }).toEqual({
        route: `${route.method} ${route.path}`,
        security: expected,
      });
    }
  });

  it("documents Zulip's parameters: query for GET, form bodies otherwise, JSON-encoded values, aliases, path parameters", () => {
    const send = doc.paths['/messages']!.post!;
    const form = (
      send.requestBody as {
        content: Record<string, { schema: { properties: Record<string, { description?: string }>; required?: string[] } }>;
      }
    ).content['application/x-www-form-urlencoded']!.schema;
    expect(Object.keys(form.properties)).toEqual(expect.arrayContaining(['type', 'to', 'content']));
    expect(form.required).toEqual(expect.arrayContaining(['type', 'content']));
    expect(form.properties.topic?.description).toContain('`subject`');

    const register = doc.paths['/register']!.post!;
    const registerForm = (register.requestBody as { content: Record<string, { encoding?: Record<string, unknown> }> }).content[
      'application/x-www-form-urlencoded'
    ]!;
    expect(registerForm.encoding?.event_types).toEqual({ contentType: 'application/json' });

    const events = doc.paths['/events']!.get!;
    expect(events.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['queue_id', 'last_event_id', 'dont_block']));
    expect(events.parameters.find((p) => p.name === 'queue_id')).toMatchObject({ in: 'query', schema: { type: 'string' } });

    const message = doc.paths['/messages/{message_id}']!.get!;
    expect(message.parameters.find((p) => p.name === 'message_id')).toMatchObject({ in: 'path', required: true });
  });
});

describe('OpenAPI document: the reference', () => {
  type Op = (typeof doc.paths)[string][string];
  const operations = (): [string, Op][] =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]): [string, Op] => [`${method.toUpperCase()} ${path}`, op]),
    );

  /** Every parameter of an operation, in the query, the path or the form body, with its schema. */
  function parametersOf(op: Op): { name: string; description?: string; example?: unknown; encoding?: string }[] {
    const listed = op.parameters.map((p) => {
      const media = (p.content as Record<string, { example?: unknown }> | undefined)?.['application/json'];
      return {
        name: String(p.name),
        description: p.description as string | undefined,
        example: media ? media.example : p.example,
        encoding: p['x-encoding'] as string | undefined,
      };
    });
    const form = (
      op.requestBody?.content as Record<string, { schema?: { properties?: Record<string, Record<string, unknown>> } }> | undefined
    )?.['application/x-www-form-urlencoded'];
    const fields = Object.entries(form?.schema?.properties ?? {}).map(([name, s]) => ({
      name,
      description: s.description as string | undefined,
      example: s.example,
      encoding: s['x-encoding'] as string | undefined,
    }));
    return [...listed, ...fields];
  }

  it("is valid OpenAPI 3.1 by the spec rules of Redocly (the renderer's own checker)", async () => {
    const config = await createConfig({
      extends: ['minimal'],
      rules: { struct: 'error', 'no-unresolved-refs': 'error', 'operation-operationId-unique': 'error' },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('the checker can fail', async () => {
    const config = await createConfig({ extends: ['minimal'], rules: { struct: 'error' } });
    const broken = { ...doc, paths: { '/x': { get: { responses: 'none' } } } };
    const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: 'openapi.json', config });
    expect(problems.filter((p) => p.severity === 'error').length).toBeGreaterThan(0);
  });

  // Declarations added since the reference was written fail here by name: give each a
  // `description`, each parameter a `description` (and an `example` unless a default or a flag).
  it('describes every operation, and every parameter with an example and its encoding', () => {
    const missing: string[] = [];
    for (const [key, op] of operations()) {
      if (!op.description) missing.push(`${key}: no description`);
      for (const param of parametersOf(op)) {
        if (!param.description || !param.encoding) missing.push(`${key} ${param.name}: no description`);
        if (param.example === undefined) missing.push(`${key} ${param.name}: no example`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes every declared answer field', () => {
    const missing: string[] = [];
    for (const [key, op] of operations()) {
      const ok = op.responses['200'] as {
        content: { 'application/json': { schema: { properties: Record<string, { description?: string }> } } };
      };
      for (const [name, field] of Object.entries(ok.content['application/json'].schema.properties)) {
        if (!field.description) missing.push(`${key}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("states the spec's encoding rules: plain names, true/false, JSON lists, and `to` either way", () => {
    const form = (path: string, method: string) =>
      (
        doc.paths[path]![method]!.requestBody as {
          content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> }; encoding?: Record<string, unknown> }>;
        }
      ).content['application/x-www-form-urlencoded']!;
    const send = form('/messages', 'post');
    expect(send.schema.properties.to).toMatchObject({ 'x-encoding': 'plain-or-json', type: 'string' });
    expect(send.schema.properties.to!.description).toContain('plain or JSON-encoded');
    expect(send.encoding?.to).toBeUndefined();
    expect(send.schema.properties.content).toMatchObject({ 'x-encoding': 'plain' });
    expect(send.schema.properties.read_by_sender!.description).toContain('`true` or `false`');
    const subscribe = form('/users/me/subscriptions', 'post');
    expect(subscribe.schema.properties.subscriptions).toMatchObject({ 'x-encoding': 'json' });
    expect(subscribe.encoding?.subscriptions).toEqual({ contentType: 'application/json' });
    const fetch = doc.paths['/messages']!.get!;
    expect(fetch.parameters.find((p) => p.name === 'anchor')).toMatchObject({ 'x-encoding': 'plain', example: 'newest' });
    expect(fetch.parameters.find((p) => p.name === 'narrow')).toMatchObject({
      'x-encoding': 'json',
      content: { 'application/json': { example: [{ operator: 'stream', operand: 'Denmark' }] } },
    });
  });

  it('gives each operation a curl example built from the examples, and the Python bindings call where there is one', () => {
    const samples = doc.paths['/messages']!.post!['x-codeSamples'];
    const curl = samples.find((s) => s.label === 'curl')!.source;
    expect(curl).toContain('curl -sS -X POST https://chat.example.com/api/v1/messages');
    expect(curl).toContain('--data-urlencode to=Denmark');
    expect(curl).toContain('--data-urlencode type=stream');
    expect(curl).not.toContain('queue_id');
    const python = samples.find((s) => s.lang === 'Python')!.source;
    expect(python).toContain(
      'client.send_message({"type": "stream", "to": "Denmark", "topic": "Castle", "content": "Something is rotten in the state of Denmark."})',
    );
    const flags = doc.paths['/messages/flags']!.post!['x-codeSamples'][0]!.source;
    expect(flags).toContain("--data-urlencode 'messages=[42,43]'");
    expect(doc.paths['/messages/{message_id}']!.delete!['x-codeSamples'][1]!.source).toContain('client.delete_message(42)');
    expect(doc.paths['/streams']!.get!['x-codeSamples'][0]!.source).toMatch(/^curl -sS https:\/\/chat\.example\.com\/api\/v1\/streams/);
    for (const [, op] of operations()) expect(op['x-codeSamples'][0]!.lang).toBe('Shell');
  });
});

describe('declarations', () => {
  // Internal ones too: one rule for every declaration. A declaration added without its
  // description, or a parameter without one, is named here.
  it('every declaration, routed or internal, and every parameter has a description', () => {
    const missing = CONTRACTS.flatMap((contract) => [
      ...(contract.description ? [] : [`${contract.name}: no description`]),
      ...Object.entries(contract.params)
        .filter(([, spec]) => !spec.description)
        .map(([param]) => `${contract.name} ${param}: no description`),
    ]);
    expect(missing).toEqual([]);
  });
});

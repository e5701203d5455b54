/**
 * The OpenAPI document covers every route the gateway serves, with the parameters each endpoint
 * declares and the authentication its route-table row names.
 */
import { ROUTES } from '@chat/gateway-service';
import { openApiPath, renderApiReference } from '@chat/http';
import { gatewayApiDocument } from '@chat/gateway-service';

const doc = gatewayApiDocument();

describe('OpenAPI document', () => {
  it('has exactly one operation per gateway route', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const routed = ROUTES.map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(documented.sort()).toEqual(routed.sort());
    const ids = documented.map((key) => {
      const [method, path] = key.split(' ');
      return doc.paths[path!]![method!.toLowerCase()]!.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes each success answer with its declared fields, and lists the declared error statuses', () => {
    const send = doc.paths['/messages']!.post!;
    const schema = (send.responses['200'] as { content: { 'application/json': { schema: { required: string[]; properties: Record<string, unknown> } } } }).content['application/json'].schema;
    expect(schema.required).toEqual(['result', 'msg', 'id']);
    expect(schema.properties.id).toEqual({ type: 'integer' });
    const fetchKey = doc.paths['/fetch_api_key']!.post!;
    expect(Object.keys(fetchKey.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
  });

  it('says how each route authenticates', () => {
    for (const route of ROUTES) {
      const op = doc.paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
      const basic = route.webOnly ? [{ sessionCookie: [] }] : [{ basicAuth: [] }];
      const expected = route.auth === 'public' ? [] : route.auth === 'webhook' && route.webhookAuth !== 'basic' ? [{ apiKeyQuery: [] }] : basic;
      // The browser-session routes exist only under /json.
      expect(op.servers).toEqual(route.webOnly ? [{ url: '/json' }] : undefined);
      expect({ route: `${route.method} ${route.path}`, security: op.security }).toEqual({ route: `${route.method} ${route.path}`, security: expected });
    }
  });

  it("documents Zulip's parameters: query for GET, form bodies otherwise, JSON-encoded values, aliases, path parameters", () => {
    const send = doc.paths['/messages']!.post!;
    const form = (send.requestBody as { content: Record<string, { schema: { properties: Record<string, { description?: string }>; required?: string[] } }> }).content[
      'application/x-www-form-urlencoded'
    ]!.schema;
    expect(Object.keys(form.properties)).toEqual(expect.arrayContaining(['type', 'to', 'content']));
    expect(form.required).toEqual(expect.arrayContaining(['type', 'content']));
    expect(form.properties.topic?.description).toContain('`subject`');

    const register = doc.paths['/register']!.post!;
    const registerForm = (register.requestBody as { content: Record<string, { encoding?: Record<string, unknown> }> }).content['application/x-www-form-urlencoded']!;
    expect(registerForm.encoding?.event_types).toEqual({ contentType: 'application/json' });

    const events = doc.paths['/events']!.get!;
    expect(events.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['queue_id', 'last_event_id', 'dont_block']));
    expect(events.parameters.find((p) => p.name === 'queue_id')).toMatchObject({ in: 'query', schema: { type: 'string' } });

    const message = doc.paths['/messages/{message_id}']!.get!;
    expect(message.parameters.find((p) => p.name === 'message_id')).toMatchObject({ in: 'path', required: true });
  });

  it('renders a reference page listing every operation, escaped', () => {
    const page = renderApiReference(doc);
    for (const route of ROUTES) expect(page).toContain(`${route.method} /api/v1${openApiPath(route.path)}`);
    expect(page).not.toMatch(/<script/i);
  });
});

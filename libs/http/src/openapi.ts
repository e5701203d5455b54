/**
 * The OpenAPI document, generated from the endpoint declarations (@chat/contracts: method, path,
 * owner, authentication, parameter specs, answer fields and error statuses). Nothing is written
 * by hand, so the document cannot drift from what the server validates.
 *
 * Parameters follow Zulip's rules (params.ts): GET parameters are query parameters; other methods
 * take a form body (the query string is accepted too); JSON lists and objects are sent
 * JSON-encoded in one field, which OpenAPI says with `content: application/json` on a parameter
 * and `encoding` on a form field.
 */
import { pathParamNames, WEB_PREFIX, type AnyContract, type AnyParamSpec, type ResponseShape } from '@chat/contracts';

/** A route a client may call: a declaration the gateway routes. */
export type DocumentedRoute = AnyContract & { readonly auth: 'user' | 'public' | 'webhook' };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
  /** Only for the browser-session routes, which exist under /json alone. */
  servers?: { url: string }[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, unknown>;
}

/** `/messages/:message_id` -> `/messages/{message_id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const PLAIN_TYPES = new Set<unknown>(['string', 'integer', 'boolean']);

/**
 * JSON-encoded values (lists, objects, custom conversions) travel as one text field; a value of
 * plain types only (GET /messages' anchor: an integer or a word) is sent as it is.
 */
function isJsonEncoded(spec: AnyParamSpec): boolean {
  const type = spec.schema.type;
  return !(Array.isArray(type) ? type : [type]).every((t) => PLAIN_TYPES.has(t));
}

function describe(spec: AnyParamSpec): string | undefined {
  const notes: string[] = [];
  if (spec.aliases.length > 0) notes.push(`Also accepted as ${spec.aliases.map((a) => `\`${a}\``).join(', ')}.`);
  if (isJsonEncoded(spec)) notes.push('JSON-encoded.');
  return notes.length > 0 ? notes.join(' ') : undefined;
}

function valueSchema(spec: AnyParamSpec): Record<string, unknown> {
  const schema: Record<string, unknown> = { ...spec.schema };
  if (spec.defaultValue !== undefined) schema.default = spec.defaultValue;
  return schema;
}

function parameter(name: string, location: 'query' | 'path', spec: AnyParamSpec | undefined): Record<string, unknown> {
  if (!spec) return { name, in: location, required: true, schema: { type: 'string' } };
  const base: Record<string, unknown> = { name, in: location, required: location === 'path' || spec.required };
  const description = describe(spec);
  if (description) base.description = description;
  if (isJsonEncoded(spec)) base.content = { 'application/json': { schema: valueSchema(spec) } };
  else base.schema = valueSchema(spec);
  return base;
}

function formBody(specs: [string, AnyParamSpec][]): Record<string, unknown> | undefined {
  if (specs.length === 0) return undefined;
  const properties: Record<string, unknown> = {};
  const encoding: Record<string, unknown> = {};
  for (const [name, spec] of specs) {
    const description = describe(spec);
    properties[name] = { ...valueSchema(spec), ...(description ? { description } : {}) };
    if (isJsonEncoded(spec)) encoding[name] = { contentType: 'application/json' };
  }
  const required = specs.filter(([, spec]) => spec.required).map(([name]) => name);
  const schema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  const media = { schema, ...(Object.keys(encoding).length > 0 ? { encoding } : {}) };
  return {
    required: required.length > 0,
    content: { 'application/x-www-form-urlencoded': media, 'multipart/form-data': media },
  };
}

function security(route: DocumentedRoute): Record<string, string[]>[] {
  if (route.auth === 'public') return [];
  if (route.auth === 'webhook' && route.webhookAuth !== 'basic') return [{ apiKeyQuery: [] }];
  return route.webOnly ? [{ sessionCookie: [] }] : [{ basicAuth: [] }];
}

/** The success envelope with the declared fields; `*` means others may appear (they vary). */
function successSchema(shape: ResponseShape): Record<string, unknown> {
  const properties: Record<string, unknown> = { result: { const: 'success' }, msg: { type: 'string' } };
  const required = ['result', 'msg'];
  for (const [name, tag] of Object.entries(shape)) {
    if (name === '*') continue;
    const type = tag.replace('?', '');
    properties[name] = type === 'any' ? {} : { type };
    if (!tag.endsWith('?')) required.push(name);
  }
  return { type: 'object', required, properties, additionalProperties: '*' in shape };
}

function responses(route: DocumentedRoute): Record<string, unknown> {
  const out: Record<string, unknown> = {
    '200': { description: 'Success', content: { 'application/json': { schema: successSchema(route.success) } } },
    '400': { $ref: '#/components/responses/Error' },
  };
  if (route.auth !== 'public') out['401'] = { $ref: '#/components/responses/Error' };
  for (const status of route.errors) out[String(status)] = { $ref: '#/components/responses/Error' };
  out['429'] = { $ref: '#/components/responses/Error' };
  return out;
}

function operation(route: DocumentedRoute): OpenApiOperation {
  const inPath = new Set(pathParamNames(route.path));
  const specs = Object.entries(route.params);
  const parameters = [...inPath].map((name) => parameter(name, 'path', route.params[name]));
  const rest = specs.filter(([name]) => !inPath.has(name));
  let requestBody: Record<string, unknown> | undefined;
  if (route.method === 'GET') {
    parameters.push(...rest.map(([name, spec]) => parameter(name, 'query', spec)));
  } else if (route.rawBody) {
    // An integration's payload or an upload, whatever its Content-Type; only the query carries parameters.
    parameters.push(...rest.map(([name, spec]) => parameter(name, 'query', spec)));
    requestBody = { required: false, content: { '*/*': { schema: {} } } };
  } else {
    requestBody = formBody(rest);
  }
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [route.service],
    security: security(route),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: responses(route),
    ...(route.webOnly ? { servers: [{ url: WEB_PREFIX }] } : {}),
  };
}

export function buildOpenApiDocument(routes: readonly DocumentedRoute[], info: { version: string; zulipVersion: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = operation(route);
  }
  const error = {
    description: 'Error',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['result', 'msg'],
          properties: { result: { const: 'error' }, msg: { type: 'string' }, code: { type: 'string' } },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chat server REST API',
      version: info.version,
      description:
        `The Zulip ${info.zulipVersion} REST API as this server implements it. Parameters follow Zulip's ` +
        'rules: booleans as true/false, lists and objects JSON-encoded, unknown parameters ignored.',
    },
    servers: [{ url: '/api/v1' }],
    tags: [...new Set(routes.map((r) => r.service))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'The account e-mail and its API key' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: "A bot's API key (incoming webhooks)" },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sessionid',
          description: "The web client's session (every route is also served under /json with it, and the X-CSRFToken header on unsafe methods)",
        },
      },
      responses: { Error: error },
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function typeOf(param: Record<string, unknown>): string {
  const schema = (param.schema ?? (param.content as Record<string, { schema: Record<string, unknown> }>)?.['application/json']?.schema ?? {}) as Record<string, unknown>;
  const type = typeof schema.type === 'string' ? schema.type : Array.isArray(schema.type) ? schema.type.join(' or ') : 'JSON';
  return param.content ? `${type} (JSON)` : type;
}

function paramRows(op: OpenApiOperation): string[] {
  const rows = op.parameters.map((p) => [String(p.name), String(p.in), typeOf(p), p.required ? 'yes' : '', String(p.description ?? '')]);
  const form = (op.requestBody?.content as Record<string, { schema?: { properties?: Record<string, Record<string, unknown>>; required?: string[] }; encoding?: Record<string, unknown> }> | undefined)?.['application/x-www-form-urlencoded'];
  for (const [name, schema] of Object.entries(form?.schema?.properties ?? {})) {
    const json = form?.encoding?.[name] !== undefined;
    const type = `${typeof schema.type === 'string' ? schema.type : 'JSON'}${json ? ' (JSON)' : ''}`;
    const required = form?.schema?.required?.includes(name) ? 'yes' : '';
    rows.push([name, 'form', type, required, String(schema.description ?? '')]);
  }
  return rows.map((cells) => `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`);
}

/** A readable, self-contained reference page (no scripts, no external assets) for the document. */
export function renderApiReference(doc: OpenApiDocument): string {
  const sections: string[] = [];
  const toc: string[] = [];
  for (const { name: tag } of doc.tags) {
    const ops: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.tags.includes(tag)) continue;
        const auth = op.security.length === 0 ? 'none' : Object.keys(op.security[0]!).join(', ');
        const rows = paramRows(op);
        const table = rows.length
          ? `<table><tr><th>parameter</th><th>in</th><th>type</th><th>required</th><th>notes</th></tr>${rows.join('')}</table>`
          : '<p>No parameters.</p>';
        ops.push(
          `<section id="${escapeHtml(op.operationId)}"><h3><code>${method.toUpperCase()} /api/v1${escapeHtml(path)}</code></h3>` +
            `<p>${escapeHtml(op.summary)}.</p><p>Authentication: ${escapeHtml(auth)}</p>${table}</section>`,
        );
        toc.push(`<li><a href="#${escapeHtml(op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`);
      }
    }
    sections.push(`<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`);
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
h3{margin-top:2rem}code{background:#f4f4f4;padding:0 .2rem}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p><p>Machine-readable: <a href="openapi.json">openapi.json</a>.</p>
<ul>${toc.join('')}</ul>${sections.join('\n')}</body></html>
`;
}

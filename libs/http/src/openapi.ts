/**
 * The OpenAPI document, generated from the endpoint declarations (@chat/contracts: method, path,
 * owner, authentication, parameter specs, answer fields and error statuses). Nothing is written
 * by hand, so the document cannot drift from what the server validates.
 *
 * Parameters follow Zulip's rules (params.ts): GET parameters are query parameters; other methods
 * take a form body (the query string is accepted too); JSON lists and objects are sent
 * JSON-encoded in one field, which OpenAPI says with `content: application/json` on a parameter
 * and `encoding` on a form field. Each parameter also carries its encoding as `x-encoding`
 * (plain, boolean, json or plain-or-json) and says it in words in its description.
 * The reference page (the gateway's /api/v1/docs) renders this document.
 */
import {
  isAnswerSchema,
  pathSegmentNames,
  successEnvelope,
  responseDescription,
  responseTag,
  WEB_PREFIX,
  type AnyContract,
  type AnyParamSpec,
  type ParamDocs,
  type ServiceName,
  type ParamEncoding,
  type ResponseShape,
  type SuccessDeclaration,
} from '@chat/contracts';
import { codeSamples, exampleOf, type CodeSample } from './openapi-examples';

/** A route a client may call: a declaration the gateway routes. */
export type DocumentedRoute = AnyContract & { readonly auth: 'user' | 'public' | 'webhook' };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
  /** Example requests (curl, and the Python bindings' call where they have one), as Redoc shows them. */
  'x-codeSamples': CodeSample[];
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
  return expressPath.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
}

/** What the reference says of each way a value travels (the API's conventions: params.ts). */
const ENCODING_NOTES: Record<ParamEncoding, string> = {
  plain: 'Encoding: plain, sent as it is (not JSON-encoded).',
  boolean: 'Encoding: `true` or `false`.',
  json: 'Encoding: JSON-encoded.',
  'plain-or-json': 'Encoding: plain or JSON-encoded; both are accepted.',
};

/** Lists and objects travel as one JSON-encoded text field; every other value as it is. */
function isJsonEncoded(spec: AnyParamSpec): boolean {
  return spec.encoding === 'json';
}

/** The declared meaning, the other names it is accepted under, then how to encode it. */
function describe(spec: AnyParamSpec): string {
  const notes: string[] = [];
  if (spec.description) notes.push(spec.description);
  if (spec.aliases.length > 0) notes.push(`Also accepted as ${spec.aliases.map((a) => `\`${a}\``).join(', ')}.`);
  notes.push(ENCODING_NOTES[spec.encoding]);
  return notes.join('\n\n');
}

function valueSchema(spec: AnyParamSpec): Record<string, unknown> {
  // A value that may be plain or JSON is text on the wire; its description says which forms.
  const asText = spec.encoding === 'plain-or-json' && spec.schema.type === undefined;
  const schema: Record<string, unknown> = asText ? { type: 'string' } : { ...spec.schema };
  // Such a value's default is the handler's "absent" (`to`: no recipients), not text a client sends.
  if (spec.defaultValue !== undefined && !(asText && typeof spec.defaultValue !== 'string')) schema.default = spec.defaultValue;
  return schema;
}

function parameter(name: string, location: 'query' | 'path', spec: AnyParamSpec | undefined, segment?: ParamDocs): Record<string, unknown> {
  if (!spec)
    return {
      name,
      in: location,
      required: true,
      schema: { type: 'string' },
      description: segment?.description,
      example: segment?.example,
      'x-encoding': 'plain',
    };
  const base: Record<string, unknown> = { name, in: location, required: location === 'path' || spec.required };
  base.description = describe(spec);
  base['x-encoding'] = spec.encoding;
  const example = exampleOf(spec);
  if (isJsonEncoded(spec)) {
    base.content = { 'application/json': { schema: valueSchema(spec), ...(example === undefined ? {} : { example }) } };
  } else {
    base.schema = valueSchema(spec);
    if (example !== undefined) base.example = example;
  }
  return base;
}

function formBody(specs: [string, AnyParamSpec][]): Record<string, unknown> | undefined {
  if (specs.length === 0) return undefined;
  const properties: Record<string, unknown> = {};
  const encoding: Record<string, unknown> = {};
  for (const [name, spec] of specs) {
    const example = exampleOf(spec);
    properties[name] = {
      ...valueSchema(spec),
      description: describe(spec),
      'x-encoding': spec.encoding,
      ...(example === undefined ? {} : { example }),
    };
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

/**
 * The whole success answer: a schema-declared one in depth (as plain JSON: TypeBox's symbol keys
 * dropped); a tag-declared one with its top-level fields, where `*` means others may appear.
 */
function successSchema(success: SuccessDeclaration): Record<string, unknown> {
  if (isAnswerSchema(success)) return asOpenApi31(JSON.parse(JSON.stringify(successEnvelope(success)))) as Record<string, unknown>;
  return taggedSuccessSchema(success);
}

/**
 * TypeBox writes a tuple as draft-07 does (`items` a list, `additionalItems`); OpenAPI 3.1's
 * JSON Schema (2020-12) says it with `prefixItems`, and `items: false` for nothing after them.
 */
function asOpenApi31(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asOpenApi31);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = asOpenApi31(value);
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    out.items = out.additionalItems ?? true;
    delete out.additionalItems;
  }
  return out;
}

function taggedSuccessSchema(shape: ResponseShape): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    result: { const: 'success', description: 'Always `success` in a success answer.' },
    msg: { type: 'string', description: 'Empty in a success answer.' },
  };
  const required = ['result', 'msg'];
  for (const [name, field] of Object.entries(shape)) {
    if (name === '*') continue;
    const tag = responseTag(field);
    const type = tag.replace('?', '');
    const description = responseDescription(field);
    properties[name] = { ...(type === 'any' ? {} : { type }), ...(description ? { description } : {}) };
    if (!tag.endsWith('?')) required.push(name);
  }
  const others = shape['*'] === undefined ? undefined : responseDescription(shape['*']);
  return { type: 'object', required, properties, additionalProperties: '*' in shape, ...(others ? { description: others } : {}) };
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
  const inPath = new Set(pathSegmentNames(route.path));
  const specs = Object.entries(route.params);
  const parameters = [...inPath].map((name) => parameter(name, 'path', route.params[name], route.pathSegments?.[name]));
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
    ...(route.description ? { description: route.description } : {}),
    tags: [route.service],
    security: security(route),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: responses(route),
    'x-codeSamples': codeSamples(route),
    ...(route.webOnly ? { servers: [{ url: WEB_PREFIX }] } : {}),
  };
}

/** The reference's sections: one per owning service. */
const SERVICE_TAGS: Record<ServiceName, string> = {
  settings: 'Users, bots, API keys, personal and realm settings, presence, user groups, custom emoji and profile fields.',
  subscription: 'Streams, subscriptions and their settings, muted and followed topics, default streams.',
  message: 'Sending, fetching, editing and deleting messages; flags, reactions, typing, linkifiers and uploaded files.',
  'event-queue': 'Event queues: register one, long-poll it for events, delete it.',
  webhook: 'Incoming webhooks: third-party services posting as a bot.',
};

/** The page's introduction: the conventions every endpoint follows (the spec's). */
function overview(zulipVersion: string): string {
  return [
    `The Zulip ${zulipVersion} REST API as this server implements it, with the later features today's Zulip clients use.`,
    "**Authentication.** HTTP Basic with the account's e-mail address and API key (from `POST /fetch_api_key`, or " +
      "`POST /dev_fetch_api_key` on a development server). Incoming webhooks take the bot's key as the `api_key` query parameter. " +
      'The browser routes under `/json` (login, sign-up, logout) use cookies instead: fetch `/` first to get the `csrftoken` ' +
      'cookie (`curl -c cookies.txt`), then send it back with its value in the `X-CSRFToken` header on every unsafe request.',
    '**Parameters.** GET parameters go in the query string; the other methods take a form body ' +
      '(`application/x-www-form-urlencoded` or `multipart/form-data`). Each parameter says how it is encoded: ' +
      '*plain* values (text, numbers) are sent as they are; booleans as `true` or `false`; lists and objects JSON-encoded; ' +
      'a few (such as `to` of a send) take either a plain value or JSON. Unknown parameters are ignored (and may be listed in ' +
      '`ignored_parameters_unsupported`).',
    '**Answers.** Every answer is a JSON object with `result` (`success` or `error`) and `msg`; an error usually also carries a ' +
      '`code` and a status (400 for a bad request, 401 for failed authentication, 429 when rate limited).',
  ].join('\n\n');
}

/**
 * The API's document: every route under /api/v1. Routes served at the root (`root`: the files
 * messages link, answered as files) are not part of it, as in Zulip's; their API side is.
 */
export function buildOpenApiDocument(routes: readonly DocumentedRoute[], info: { version: string; zulipVersion: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes.filter((r) => !r.root)) {
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
      description: overview(info.zulipVersion),
    },
    servers: [{ url: '/api/v1' }],
    tags: [...new Set(routes.map((r) => r.service))].map((name) => ({ name, description: SERVICE_TAGS[name] })),
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'The account e-mail and its API key' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: "A bot's API key (incoming webhooks)" },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sessionid',
          description:
            "The web client's session (every route is also served under /json with it, and the X-CSRFToken header on unsafe methods)",
        },
      },
      responses: { Error: error },
    },
  };
}

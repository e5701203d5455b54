/**
 * Checks response bodies and events against the schemas of Zulip's *current* OpenAPI document,
 * vendored in reduced form as reference/zulip-current-openapi.json (origin in the README beside it).
 *
 * Where openapi.ts holds us to Zulip 2.1 and requires every documented field, this follows today's
 * schemas exactly as Zulip writes them: only their own `required` lists, and their
 * `additionalProperties: false`, so a legacy field we still send is reported (as an "unexpected
 * property" line) rather than silently allowed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { explainErrors } from './zulip-schema-errors';

export { UNEXPECTED_PROPERTY } from './zulip-schema-errors';

type Schema = Record<string, unknown>;

interface VendoredSchemas {
  source: { repository: string; path: string; commit: string; read: string };
  /** Keyed "METHOD /path", as in Zulip's document. */
  responses: Record<string, Schema>;
  /** Keyed by event type, or "type/op" for types that have ops. */
  events: Record<string, Schema>;
  $defs: Record<string, Schema>;
}

export const ZULIP_CURRENT_OPENAPI_FILE = join(__dirname, '../reference/zulip-current-openapi.json');

let vendored: VendoredSchemas | undefined;
const load = (): VendoredSchemas => (vendored ??= JSON.parse(readFileSync(ZULIP_CURRENT_OPENAPI_FILE, 'utf8')) as VendoredSchemas);

// strictTypes is off because Zulip's allOf parts list properties without repeating `type: object`;
// verbose keeps the offending value in each error, so the message can show it.
const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** Every schema is compiled together with the shared definitions its "#/$defs/..." refs point at. */
function compile(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, $defs: load().$defs });
    compiled.set(schema, validate);
  }
  return validate;
}

function check(schema: object, body: unknown): string[] {
  const validate = compile(schema);
  return validate(body) ? [] : explainErrors(validate.errors ?? [], compile);
}

/** Where the vendored schemas come from. */
export const zulipSchemaSource = (): VendoredSchemas['source'] => load().source;

/** The operations validateResponse knows, e.g. "GET /users/{user_id}". */
export const zulipOperations = (): string[] => Object.keys(load().responses).sort();

/** The event keys validateEvent knows, e.g. "message" or "subscription/add". */
export const zulipEventKeys = (): string[] => Object.keys(load().events).sort();

/** Problems of one event (an empty list when it matches); the schema is picked by its type and op. */
export function validateEvent(event: unknown): string[] {
  const { type, op } = (event ?? {}) as { type?: unknown; op?: unknown };
  if (typeof event !== 'object' || Array.isArray(event) || typeof type !== 'string') {
    return ['(root): an event must be an object with a string "type"'];
  }
  const { events } = load();
  const schema = (typeof op === 'string' ? events[`${type}/${op}`] : undefined) ?? events[type];
  if (!schema) return [`(root): Zulip's document has no event type "${type}"${typeof op === 'string' ? ` with op "${op}"` : ''}`];
  return check(schema, event);
}

/**
 * Problems of a 200 response body (an empty list when it matches). `operation` is "METHOD /path" as
 * Zulip writes it; an unknown one throws, being a mistake in the test rather than in the server.
 */
export function validateResponse(operation: string, body: unknown): string[] {
  const schema = load().responses[operation];
  if (!schema) throw new Error(`No vendored Zulip schema for "${operation}"; known: ${zulipOperations().join(', ')}`);
  const problems = check(schema, body);
  // GET /events keeps only the envelope; each event is checked against its own schema.
  const events = (body as { events?: unknown } | null)?.events;
  if (operation === 'GET /events' && Array.isArray(events)) {
    events.forEach((event, i) => problems.push(...validateEvent(event).map((line) => line.replace(/^\(root\)|^/, `/events/${i}`))));
  }
  return problems;
}

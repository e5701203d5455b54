/**
 * Checks response bodies against the 200 schemas of Zulip 2.1's own OpenAPI document
 * (reference/zulip-2.1-openapi.yaml in this package, origin in its README), with every $ref resolved.
 *
 * Zulip's schemas describe fields under `allOf` parts without listing them as required, so a
 * response missing a documented field would pass; every documented property is therefore also
 * required (each appears in Zulip's own example responses).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

export const ZULIP_OPENAPI_FILE = join(__dirname, '../reference/zulip-2.1-openapi.yaml');

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

export interface OpenApiChecker {
  /**
   * The 200 schema of `method path` (lower-case method), every documented property required
   * unless `requireDocumented` is false (for answers that may leave fields out).
   */
  schemaFor(path: string, method: string, options?: { requireDocumented?: boolean }): Json;
  /** Throws with ajv's explanation when `body` does not match `schema`. */
  check(schema: Json, body: unknown): void;
  /** schemaFor + check. */
  expectMatches(path: string, method: string, body: unknown): void;
}

export function zulipOpenApi(file = ZULIP_OPENAPI_FILE): OpenApiChecker {
  const spec = parse(readFileSync(file, 'utf8')) as Json;
  const paths = spec.paths as Record<string, Record<string, Json>>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  const schemaFor = (path: string, method: string, options: { requireDocumented?: boolean } = {}): Json => {
    const response = (paths[path]![method]!.responses as Record<string, Json>)['200']!;
    const schema = resolveRefs((response.content as Record<string, Json>)['application/json']!.schema, spec) as Json;
    if (options.requireDocumented === false) return schema;
    const parts = (schema.allOf as Json[] | undefined) ?? [schema];
    const documented = [...new Set(parts.flatMap((part) => Object.keys((part.properties as Json | undefined) ?? {})))];
    return { allOf: [schema, { required: documented }] };
  };
  const check = (schema: Json, body: unknown): void => {
    const validate = ajv.compile(schema);
    if (!validate(body)) throw new Error(ajv.errorsText(validate.errors));
  };
  return {
    schemaFor,
    check,
    expectMatches: (path, method, body) => {
      try {
        check(schemaFor(path, method), body);
      } catch (err) {
        throw new Error(`${method.toUpperCase()} ${path}: ${(err as Error).message}`);
      }
    },
  };
}

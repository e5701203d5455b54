/**
 * Whether an answer is what its declaration says: a success declared by schema matches that
 * schema in depth (every nested field, no undeclared one); one declared by tags has the declared
 * fields with their JSON types (and no others unless the declaration is open, `*`); an error has
 * a status every endpoint may give or one it declares.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import {
  COMMON_SUCCESS_FIELDS,
  isAnswerSchema,
  responseTag,
  successEnvelope,
  type AnswerSchema,
  type AnyContract,
  type ResponseShape,
} from '@chat/contracts';

// strictTypes off: stringEnum's schemas hold an `enum` without a `type`, as TypeBox documents them.
const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
const validators = new WeakMap<AnswerSchema, ValidateFunction>();

function schemaProblems(schema: AnswerSchema, body: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(successEnvelope(schema))));
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

const ALWAYS_POSSIBLE = [400, 401, 429];

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function fits(tag: string, value: unknown): boolean {
  const type = tag.replace('?', '');
  const actual = jsonType(value);
  return type === 'any' || actual === type || (type === 'number' && actual === 'integer');
}

export function answerProblems(contract: AnyContract, status: number, body: unknown): string[] {
  if (status !== 200) return [...ALWAYS_POSSIBLE, ...contract.errors].includes(status) ? [] : [`status ${status} is not declared`];
  // A file download's answer is the file, not the envelope.
  if (typeof body !== 'object' || body === null || !('result' in body)) return [];
  return isAnswerSchema(contract.success) ? schemaProblems(contract.success, body) : tagProblems(contract.success, body);
}

function tagProblems(success: ResponseShape, body: object): string[] {
  const fields = Object.entries(body).filter(([name]) => name !== 'result' && name !== 'msg');
  const shape: Record<string, string> = Object.fromEntries(
    Object.entries({ ...COMMON_SUCCESS_FIELDS, ...success }).map(([name, field]) => [name, responseTag(field)]),
  );
  const problems: string[] = [];
  for (const [name, value] of fields) {
    const tag = shape[name];
    if (tag === undefined && !('*' in shape)) problems.push(`${name} is not declared`);
    else if (tag !== undefined && !fits(tag, value)) problems.push(`${name} is ${jsonType(value)}, declared ${tag}`);
  }
  for (const [name, tag] of Object.entries(shape)) {
    if (name !== '*' && !tag.endsWith('?') && !(name in body)) problems.push(`${name} is declared but missing`);
  }
  return problems;
}

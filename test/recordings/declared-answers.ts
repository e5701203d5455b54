/**
 * Whether an answer is what its declaration says: a success has the declared fields with their
 * JSON types (and no others unless the declaration is open, `*`), an error has a status every
 * endpoint may give or one it declares.
 */
import { COMMON_SUCCESS_FIELDS, responseTag, type AnyContract } from '@chat/contracts';

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
  const fields = Object.entries(body).filter(([name]) => name !== 'result' && name !== 'msg');
  const shape: Record<string, string> = Object.fromEntries(
    Object.entries({ ...COMMON_SUCCESS_FIELDS, ...contract.success }).map(([name, field]) => [name, responseTag(field)]),
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

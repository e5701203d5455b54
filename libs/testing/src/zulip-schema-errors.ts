/**
 * Turns ajv's errors into one readable line per problem, `<JSON pointer>: <what is wrong>`.
 *
 * Zulip's schemas use `oneOf` for values with several shapes (a realm_user update's `person`, a
 * group-setting value...). With allErrors, ajv reports the failures of every alternative at once,
 * which reads as noise; instead the alternatives are checked one by one and only the nearest one's
 * problems are told, under a line naming the oneOf.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';

/** Compiles one alternative of a oneOf/anyOf (it may $ref the shared definitions). */
export type CompileAlternative = (schema: object) => ValidateFunction;

/** How an extra property is reported: callers that tolerate known legacy fields can look for it. */
export const UNEXPECTED_PROPERTY = 'unexpected property';

const where = (path: string): string => path || '(root)';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function explainOne(error: ErrorObject): string {
  const at = where(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at}: missing required property "${String(params.missingProperty)}"`;
    case 'additionalProperties':
      // Zulip closes many objects; a legacy field we still send shows up here, so say it plainly.
      return `${at}: ${UNEXPECTED_PROPERTY} "${String(params.additionalProperty)}" (Zulip's schema closes this object)`;
    case 'type': {
      const wanted = Array.isArray(params.type) ? params.type.join(' or ') : String(params.type);
      return `${at}: must be ${wanted}, got ${describe(error.data)}`;
    }
    case 'enum':
      return `${at}: must be one of ${JSON.stringify(params.allowedValues)}, got ${describe(error.data)}`;
    default:
      return `${at}: ${error.message ?? error.keyword}`;
  }
}

const isAlternatives = (error: ErrorObject): boolean => error.keyword === 'oneOf' || error.keyword === 'anyOf';
const under = (path: string, root: string): boolean => path === root || path.startsWith(`${root}/`);

/** Prefixes a pointer relative to `root` (the alternatives are checked on the value at `root`). */
const rebase = (line: string, root: string): string => {
  if (!root) return line;
  return line.startsWith('(root)') ? root + line.slice('(root)'.length) : root + line;
};

function explainAlternatives(error: ErrorObject, compile: CompileAlternative): string[] {
  const at = where(error.instancePath);
  const alternatives = error.schema as object[];
  const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
  if (passing) {
    return [`${at}: matches more than one alternative of ${error.keyword} (${passing.join(' and ')}); Zulip's schema wants exactly one`];
  }
  const tried = alternatives.map((schema) => {
    const validate = compile(schema);
    validate(error.data);
    return explainErrors(validate.errors ?? [], compile).map((line) => rebase(line, error.instancePath));
  });
  // Nearest = fewest problems. An unexpected property, or a wrong type for the whole value, weighs
  // a little more: an alternative of the right shape that knows every key is the likelier intent.
  const offShape = (line: string): boolean => line.includes(UNEXPECTED_PROPERTY) || line.startsWith(`${at}: must be `);
  const weight = (lines: string[]): number => lines.length + lines.filter(offShape).length / 2;
  const nearest = tried.reduce((best, lines, i) => (weight(lines) < weight(tried[best]!) ? i : best), 0);
  return [
    `${at}: matches none of the ${alternatives.length} alternatives of ${error.keyword}; the nearest, #${nearest}, fails with:`,
    ...tried[nearest]!,
  ];
}

/** Readable lines for ajv's errors (compiled with allErrors and verbose, so each error carries its data). */
export function explainErrors(errors: ErrorObject[], compile: CompileAlternative): string[] {
  const failed = errors.filter(isAlternatives);
  // Only the outermost failing oneOf/anyOf is told; whatever lies under it is retold by explainAlternatives.
  const outermost = failed.filter((e) => !failed.some((o) => o.instancePath !== e.instancePath && under(e.instancePath, o.instancePath)));
  const lines: string[] = [];
  for (const error of errors) {
    if (outermost.includes(error)) lines.push(...explainAlternatives(error, compile));
    else if (!outermost.some((o) => under(error.instancePath, o.instancePath))) lines.push(explainOne(error));
  }
  return [...new Set(lines)];
}

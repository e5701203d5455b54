/**
 * The success answer of an endpoint declared by schema, whole: `result`, `msg` and the fields any
 * success may carry, with the declaration's own fields. The OpenAPI document shows it and the
 * recorded answers are validated against it, so both read the one declaration.
 */
import { Type, type TObject } from '@sinclair/typebox';

/** What every success answer holds beside its own fields (COMMON_SUCCESS_FIELDS, as a schema). */
const envelopeProperties = {
  result: Type.Literal('success', { description: 'Always `success` in a success answer.' }),
  msg: Type.String({ description: 'Empty in a success answer.' }),
  ignored_parameters_unsupported: Type.Optional(
    Type.Array(Type.String(), { description: 'The parameters of the request the endpoint does not take, which it ignored.' }),
  ),
};

/** The type of such an answer, given its schema's static type (TypeBox's Static). */
export type SuccessEnvelope<T> = { result: 'success'; msg: string; ignored_parameters_unsupported?: string[] } & T;

/** The whole success answer of a schema-declared endpoint; closed unless the declaration is open. */
export function successEnvelope(schema: TObject): TObject {
  const { properties, additionalProperties = false, description } = schema;
  return Type.Object({ ...envelopeProperties, ...properties }, { additionalProperties, ...(description ? { description } : {}) });
}

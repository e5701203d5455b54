/**
 * The building blocks of the event schemas: each schema is a TypeBox schema, so one declaration
 * gives both the JSON schema (what tests and clients validate against) and the TypeScript type
 * (`Static<typeof Schema>`, what the services must build).
 */
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';

export const int = Type.Integer();
export const num = Type.Number();
export const str = Type.String();
export const bool = Type.Boolean();
export const ints = Type.Array(int);
export const strs = Type.Array(str);
export const nullableInt = Type.Union([int, Type.Null()]);
export const nullableStr = Type.Union([str, Type.Null()]);
export const nullableBool = Type.Union([bool, Type.Null()]);

/** One of the given strings, as JSON schema's `enum` (the StringEnum of TypeBox's documentation). */
export function stringEnum<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ enum: values });
}

/** An object with exactly the given keys (optional ones wrapped in Type.Optional), nothing else. */
export function closedObject<P extends TProperties>(properties: P) {
  return Type.Object(properties, { additionalProperties: false });
}

/**
 * One event shape: `type` and the given keys (optional ones wrapped in Type.Optional), nothing
 * else; `id` is optional because the queue numbers an event only when it delivers it.
 */
export function eventObject<T extends string, P extends TProperties>(type: T, properties: P) {
  return closedObject({ type: Type.Literal(type), ...properties, id: Type.Optional(int) });
}

/** An event type's schema and what the rest of the system needs to know about it. */
export interface EventDefinition<S extends TSchema = TSchema> {
  readonly schema: S;
  /**
   * It changes what /register shows identically to every member of a realm, so writing it bumps
   * the realm's state version (the event-queue service caches that part of /register per version).
   */
  readonly realmWide: boolean;
  /** It is among EVENT_TYPES, the types /register's event_types documents. */
  readonly listedInEventTypes: boolean;
}

/** An event type's definition; by default neither realm-wide nor left out of EVENT_TYPES. */
export function defineEvent<S extends TSchema>(
  schema: S,
  options: { realmWide?: boolean; listedInEventTypes?: boolean } = {},
): EventDefinition<S> {
  return { schema, realmWide: options.realmWide ?? false, listedInEventTypes: options.listedInEventTypes ?? true };
}

/**
 * Reading server values whose contract gives no shape (a part of /register, an untyped list):
 * field by field, each checked, never by a cast. A value of the wrong kind reads as empty.
 */
export type Dict = Record<string, unknown>;

export const isRecord = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);
export const dict = (value: unknown): Dict => (isRecord(value) ? value : {});
export const arr = (value: unknown): Dict[] => (Array.isArray(value) ? value.filter(isRecord) : []);
export const num = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback);
export const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
/** The numbers of a list (ids). */
export const ints = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);
/** The string pairs of a list (muted_topics' [stream, topic]). */
export const pairs = (value: unknown): [string, string][] =>
  Array.isArray(value)
    ? value.flatMap((v): [string, string][] =>
        Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string' ? [[v[0], v[1]]] : [],
      )
    : [];

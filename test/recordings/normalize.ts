/**
 * What differs between two runs of the same code, replaced by placeholders: times, keys, queue
 * ids, the random parts of upload paths and temporary file URLs' tokens, the server's address
 * and generation. Everything else
 * (ids included: both topologies start from the same migrations and seed, and the scenario runs
 * in order) is kept, so a changed answer shows.
 */
const TIME_KEY = /(^|_)(timestamp|date|time)(_|$)|^date_|_date$|^last_(active|connected|updated)|^invited$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;
const PLACEHOLDER_KEYS: Record<string, string> = {
  api_key: '<api_key>',
  queue_id: '<queue_id>',
  server_generation: '<server_generation>',
  request_id: '<request_id>',
  client_id: '<client_id>',
  // A count of the polls the answering process served: each replica has its own.
  handler_id: '<handler_id>',
};

/** Lists of tuples with a time at a position: muted_topics' [stream, topic, when muted]. */
const TUPLE_TIME_POSITION: Record<string, number> = { muted_topics: 2 };

function normalizeString(text: string): string {
  return text
    .replace(/https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?/g, 'http://<host>')
    .replace(/(^|\/user_uploads\/)(\d+)\/[0-9a-f]+\/[\w-]+\//g, '$1$2/<random>/')
    .replace(/\/user_uploads\/temporary\/[\w.-]+\//g, '/user_uploads/temporary/<token>/')
    .replace(/\+[0-9a-f]{32}@/g, '+<token>@')
    .replace(/\/(join|accounts\/do_confirm)\/[a-z0-9]{24}/g, '/$1/<invitation key>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
}

export function normalize(value: unknown, key = ''): unknown {
  if (Object.hasOwn(PLACEHOLDER_KEYS, key) && value !== null && value !== undefined) return PLACEHOLDER_KEYS[key];
  if (typeof value === 'number' && TIME_KEY.test(key) && value > 1e9) return '<time>';
  if (typeof value === 'string') return TIME_KEY.test(key) && ISO_TIME.test(value) ? '<time>' : normalizeString(value);
  if (Array.isArray(value) && Object.hasOwn(TUPLE_TIME_POSITION, key)) {
    const at = TUPLE_TIME_POSITION[key]!;
    return value.map((tuple) =>
      Array.isArray(tuple)
        ? tuple.map((item, i) => (i === at && typeof item === 'number' ? '<time>' : normalize(item)))
        : normalize(tuple, key),
    );
  }
  if (Array.isArray(value)) return value.map((item) => normalize(item, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [normalizeString(k), normalize(v, k)]));
  }
  return value;
}

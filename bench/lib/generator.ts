/**
 * The fast message generator: COUNT messages in the development realm with one generate_series
 * INSERT, then the user_messages rows of each kind with one INSERT ... SELECT each (no client
 * round-trip per row), the search index built once at the end, and VACUUM ANALYZE. The realm
 * must be seeded first.
 */
import type { Database } from '@chat/db';

/** ~120 words; "castle" and "ghost" are among them, so a search matches a few percent of rows. */
const WORDS = (
  'the a to of and in is it you that he was for on are with as his they be at one have this from or had by hot word but ' +
  'what some we can out other were all there when up use your how said an each she which do their time if will way about ' +
  'many then them write would like so these her long make thing see him two has look more day could go come did number ' +
  'sound no most people my over know water than call first who may down side been now find any new work part take get ' +
  'place made live where after back little only round man year came show every good me give our under name very through ' +
  'just form sentence great think say help low line differ turn cause much mean before move right boy old too same castle ghost'
).split(' ');

/** Loads `count` messages; returns how long it took and how many user_messages rows it wrote. */
export async function loadMessages(db: Database, count: number): Promise<{ seconds: number; userMessages: number }> {
  const started = performance.now();
  const k = db.knex;
  const realm = (await k('realms').where({ string_id: 'zulip' }).first('id')) as { id: number };
  const users = (await k('users').where({ realm_id: realm.id, is_bot: false }).orderBy('id').select('id', 'recipient_id')) as {
    id: number;
    recipient_id: number;
  }[];
  const streams = (await k('streams').where({ realm_id: realm.id }).orderBy('id').select('id', 'recipient_id')) as {
    id: number;
    recipient_id: number;
  }[];
  // The GIN index is built once after the load: far cheaper than maintaining it row by row.
  await k.raw('DROP INDEX IF EXISTS messages_search');
  // One message in ten is private (1:1 between two of the eight users); the rest go to the five
  // streams, 200 topics each, with twelve words drawn from WORDS.
  await k.raw(
    `INSERT INTO messages (realm_id, sender_id, recipient_id, stream_id, subject, content, rendered_content, sending_client, date_sent)
     SELECT :realm,
            u.ids[1 + abs(hashint4(i)) % u.n],
            CASE WHEN i % 10 = 0 THEN u.rcpts[1 + abs(hashint4(-i)) % u.n] ELSE s.rcpts[1 + i % s.n] END,
            CASE WHEN i % 10 = 0 THEN NULL ELSE s.ids[1 + i % s.n] END,
            CASE WHEN i % 10 = 0 THEN '' ELSE 'topic ' || ((i / 7) % 200) END,
            c.text, '<p>' || c.text || '</p>', 'bench', now() - make_interval(secs => :count - i)
     FROM generate_series(1, :count) AS i
     CROSS JOIN (SELECT :uids::int[] AS ids, :urcpts::int[] AS rcpts, cardinality(:uids::int[]) AS n) AS u
     CROSS JOIN (SELECT :sids::int[] AS ids, :srcpts::int[] AS rcpts, cardinality(:sids::int[]) AS n) AS s
     CROSS JOIN LATERAL (
       SELECT array_to_string(array_agg((:words::text[])[1 + abs(hashint8(i::bigint * 64 + w)) % cardinality(:words::text[])]), ' ') AS text
       FROM generate_series(1, 12) AS w
     ) AS c`,
    {
      realm: realm.id,
      count,
      uids: users.map((u) => u.id),
      urcpts: users.map((u) => u.recipient_id),
      sids: streams.map((s) => s.id),
      srcpts: streams.map((s) => s.recipient_id),
      words: WORDS,
    },
  );
  // Stream messages reach every subscriber; two in three are read.
  await k.raw(`
    INSERT INTO user_messages (user_id, message_id, flags)
    SELECT sub.user_id, m.id, CASE WHEN m.id % 3 = 0 THEN 0 ELSE 1 END
    FROM messages m JOIN subscriptions sub ON sub.stream_id = m.stream_id AND sub.active
    WHERE m.stream_id IS NOT NULL`);
  // Private messages reach the recipient and the sender (once for a note to self).
  await k.raw(`
    INSERT INTO user_messages (user_id, message_id, flags)
    SELECT DISTINCT x.user_id, x.message_id, 2048 | 1
    FROM (
      SELECT r.type_id AS user_id, m.id AS message_id FROM messages m JOIN recipients r ON r.id = m.recipient_id WHERE m.stream_id IS NULL
      UNION ALL
      SELECT m.sender_id, m.id FROM messages m WHERE m.stream_id IS NULL
    ) AS x`);
  await k.raw('CREATE INDEX messages_search ON messages USING gin (search_tsvector)');
  // As autovacuum would: statistics, and the visibility map that index-only scans need.
  await k.raw('VACUUM ANALYZE');
  const um = (await k('user_messages').count({ n: '*' }).first()) as { n: number | string };
  return { seconds: Math.round((performance.now() - started) / 100) / 10, userMessages: Number(um.n) };
}

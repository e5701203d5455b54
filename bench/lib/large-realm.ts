/**
 * A large realm written straight into the database before its server starts, for the /register
 * curve of bench:scaling: `users` members and `streams` public streams in the development realm,
 * one set-based INSERT per table (generate_series; the API would take a request and an event per
 * row). As the services would write them: each user and stream with its recipients row, each
 * user with an API key (made here, encrypted and hashed as the settings service stores it, so the
 * bench knows it), each member subscribed to SUBSCRIPTIONS_PER_USER streams spread evenly over
 * the realm's, with the palette's colors in turn.
 */
import {
  createApiKeyCipher,
  generateApiKey,
  RECIPIENT_PERSONAL,
  RECIPIENT_STREAM,
  STREAM_COLORS,
  type ApiKeyCipher,
  type Database,
} from '@chat/db';
import { PROCESS_SECRETS } from '@chat/testing';
import type { BenchUser } from './population';

export const SUBSCRIPTIONS_PER_USER = 20;

type Knex = Database['knex'];

/** Adds members member1@zulip.com ... member<users>@zulip.com and streams "stream 1" ... "stream <streams>". */
export async function addLargeRealm(knex: Knex, users: number, streams: number): Promise<BenchUser[]> {
  const cipher = createApiKeyCipher(PROCESS_SECRETS.API_KEY_SECRET);
  const realm = (await knex('realms').where({ string_id: 'zulip' }).first('id')) as { id: number };
  const members = Array.from({ length: users }, (_, i) => ({ email: `member${i + 1}@zulip.com`, apiKey: generateApiKey() }));
  const userIds = await insertUsers(knex, realm.id, members, cipher);
  const streamIds = await insertStreams(knex, realm.id, streams);
  await subscribeEvenly(knex, userIds, streamIds);
  return members;
}

async function insertUsers(knex: Knex, realmId: number, members: BenchUser[], cipher: ApiKeyCipher): Promise<number[]> {
  const { rows } = (await knex.raw(
    `INSERT INTO users (realm_id, email, delivery_email, full_name, short_name, role, api_key_enc, api_key_hash)
     SELECT :realm, 'member' || i || '@zulip.com', 'member' || i || '@zulip.com', 'Member ' || i, 'member' || i, 'member', k.enc[i], k.hash[i]
     FROM generate_series(1, :count) AS i
     CROSS JOIN (SELECT :enc::text[] AS enc, :hash::text[] AS hash) AS k
     RETURNING id`,
    {
      realm: realmId,
      count: members.length,
      enc: members.map((m) => cipher.encrypt(m.apiKey)),
      hash: members.map((m) => cipher.lookupHash(m.apiKey)),
    },
  )) as { rows: { id: number }[] };
  return addRecipients(
    knex,
    'users',
    RECIPIENT_PERSONAL,
    rows.map((r) => r.id),
  );
}

async function insertStreams(knex: Knex, realmId: number, count: number): Promise<number[]> {
  const { rows } = (await knex.raw(
    `INSERT INTO streams (realm_id, name, description, rendered_description, email_token)
     SELECT :realm, 'stream ' || i, 'Bench stream ' || i, '<p>Bench stream ' || i || '</p>', md5(random()::text || i)
     FROM generate_series(1, :count) AS i
     RETURNING id`,
    { realm: realmId, count },
  )) as { rows: { id: number }[] };
  return addRecipients(
    knex,
    'streams',
    RECIPIENT_STREAM,
    rows.map((r) => r.id),
  );
}

/** Each row's recipients row, as createRecipient would add it, in one statement; returns the ids. */
async function addRecipients(knex: Knex, table: 'users' | 'streams', type: number, ids: number[]): Promise<number[]> {
  await knex.raw(
    `WITH r AS (INSERT INTO recipients (type, type_id) SELECT :type, id FROM :table: WHERE id = ANY(:ids::int[]) RETURNING id, type_id)
     UPDATE :table: SET recipient_id = r.id FROM r WHERE :table:.id = r.type_id`,
    { type, ids, table },
  );
  return ids;
}

/**
 * Member m's j-th subscription is stream (m + j * step) mod S, step = S / per-user count rounded
 * down: distinct for one member, and every stream gets about as many subscribers as any other.
 */
async function subscribeEvenly(knex: Knex, userIds: number[], streamIds: number[]): Promise<void> {
  const perUser = Math.min(SUBSCRIPTIONS_PER_USER, streamIds.length);
  if (perUser === 0 || userIds.length === 0) return;
  await knex.raw(
    `INSERT INTO subscriptions (user_id, stream_id, color)
     SELECT u.ids[1 + m], s.ids[1 + (m + j * :step) % s.n], c.colors[1 + j % c.n]
     FROM generate_series(0, :users - 1) AS m
     CROSS JOIN generate_series(0, :perUser - 1) AS j
     CROSS JOIN (SELECT :uids::int[] AS ids) AS u
     CROSS JOIN (SELECT :sids::int[] AS ids, cardinality(:sids::int[]) AS n) AS s
     CROSS JOIN (SELECT :colors::text[] AS colors, cardinality(:colors::text[]) AS n) AS c`,
    {
      step: Math.floor(streamIds.length / perUser),
      users: userIds.length,
      perUser,
      uids: userIds,
      sids: streamIds,
      colors: STREAM_COLORS,
    },
  );
}

/**
 * Bench users and streams written straight into a database before its server starts: the
 * fan-out needs 10,000 subscribers, which the API would create one request (and one event) at a
 * time. The API keys are generated here, so the bench knows them without /dev_fetch_api_key.
 */
import { createApiKeyCipher, generateApiKey, type Database } from '@chat/db';
import { PROCESS_SECRETS } from '@chat/testing';

export interface BenchUser {
  email: string;
  apiKey: string;
}

const BATCH = 500;

/** Adds `count` members named <prefix>N@zulip.com and a stream `stream` they all subscribe to. */
export async function addStreamWithUsers(knex: Database['knex'], stream: string, prefix: string, count: number): Promise<BenchUser[]> {
  const cipher = createApiKeyCipher(PROCESS_SECRETS.API_KEY_SECRET);
  const realm = (await knex('realms').where({ string_id: 'zulip' }).first('id')) as { id: number };
  const users: BenchUser[] = [];
  const userIds: number[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const user = { email: `${prefix}${i}@zulip.com`, apiKey: generateApiKey() };
      users.push(user);
      rows.push({
        realm_id: realm.id,
        email: user.email,
        delivery_email: user.email,
        full_name: `Bench ${prefix} ${i}`,
        short_name: `${prefix}${i}`,
        role: 'member',
        api_key_enc: cipher.encrypt(user.apiKey),
        api_key_hash: cipher.lookupHash(user.apiKey),
      });
    }
    const inserted = (await knex('users').insert(rows).returning('id')) as { id: number }[];
    userIds.push(...inserted.map((r) => r.id));
  }
  // Each user's personal recipient row, as createRecipient would add it.
  await knex.raw(
    `WITH r AS (INSERT INTO recipients (type, type_id) SELECT 1, id FROM users WHERE id = ANY(?) RETURNING id, type_id)
     UPDATE users SET recipient_id = r.id FROM r WHERE users.id = r.type_id`,
    [userIds],
  );
  const [row] = (await knex('streams')
    .insert({ realm_id: realm.id, name: stream, description: 'bench', rendered_description: '<p>bench</p>', email_token: `${prefix}token` })
    .returning('id')) as { id: number }[];
  const streamId = row!.id;
  const [recipient] = (await knex('recipients').insert({ type: 2, type_id: streamId }).returning('id')) as { id: number }[];
  await knex('streams').where({ id: streamId }).update({ recipient_id: recipient!.id });
  for (let start = 0; start < userIds.length; start += BATCH) {
    await knex('subscriptions').insert(
      userIds.slice(start, start + BATCH).map((id) => ({ user_id: id, stream_id: streamId, color: '#76ce90' })),
    );
  }
  return users;
}

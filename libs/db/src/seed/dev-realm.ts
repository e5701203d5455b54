/**
 * Zulip's development realm (zilencer's populate_db), so that Zulip's own API examples and client
 * test suites run unchanged against a development server. Idempotent: it does nothing when the
 * realm exists.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { generateApiKey, type ApiKeyCipher } from '../api-keys';
import { pickStreamColor } from '../stream-colors';

/** Zulip's notification bot (a cross-realm bot): the sender of stream notices and alerts. */
export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';
import { createRecipient, RECIPIENT_PERSONAL, RECIPIENT_STREAM } from '../recipients';

type SeedUser = { fullName: string; email: string; role?: 'admin' | 'guest' };
type SeedBot = { fullName: string; email: string; botType: number; owner?: string };

export const DEV_REALM = {
  string_id: 'zulip',
  name: 'Zulip Dev',
  description: "The Zulip development environment default organization.  It's great for testing!",
  email_domain: 'zulip.com',
};

export const DEV_USERS: SeedUser[] = [
  { fullName: 'Zoe', email: 'ZOE@zulip.com' },
  { fullName: 'Othello, the Moor of Venice', email: 'othello@zulip.com' },
  { fullName: 'Iago', email: 'iago@zulip.com', role: 'admin' },
  { fullName: 'Prospero from The Tempest', email: 'prospero@zulip.com' },
  { fullName: 'Cordelia Lear', email: 'cordelia@zulip.com' },
  { fullName: 'King Hamlet', email: 'hamlet@zulip.com' },
  { fullName: 'aaron', email: 'aaron@zulip.com' },
  { fullName: 'Polonius', email: 'polonius@zulip.com', role: 'guest' },
];

export const DEV_BOTS: SeedBot[] = [
  { fullName: 'Zulip Error Bot', email: 'error-bot@zulip.com', botType: 1 },
  { fullName: 'Zulip Default Bot', email: 'default-bot@zulip.com', botType: 1 },
  { fullName: 'Zulip Webhook Bot', email: 'webhook-bot@zulip.com', botType: 2, owner: 'ZOE@zulip.com' },
  { fullName: 'Outgoing Webhook', email: 'outgoing-webhook@zulip.com', botType: 3, owner: 'aaron@zulip.com' },
  { fullName: 'Notification Bot', email: NOTIFICATION_BOT_EMAIL, botType: 1 },
  { fullName: 'Welcome Bot', email: 'welcome-bot@zulip.com', botType: 1 },
];

export const DEV_STREAMS: { name: string; description: string }[] = [
  { name: 'Verona', description: 'A city in Italy' },
  { name: 'Denmark', description: 'A Scandinavian country' },
  { name: 'Scotland', description: 'Located in the United Kingdom' },
  { name: 'Venice', description: 'A northeastern Italian city' },
  { name: 'Rome', description: 'Yet another Italian city' },
];

export const DEV_SUBSCRIPTIONS: Record<string, string[]> = {
  'aaron@zulip.com': ['Verona'],
  'cordelia@zulip.com': ['Verona'],
  'hamlet@zulip.com': ['Verona', 'Denmark'],
  'iago@zulip.com': ['Verona', 'Denmark', 'Scotland'],
  'othello@zulip.com': ['Verona', 'Denmark', 'Scotland'],
  'prospero@zulip.com': ['Verona', 'Denmark', 'Scotland', 'Venice'],
  'ZOE@zulip.com': ['Verona', 'Denmark', 'Scotland', 'Venice', 'Rome'],
  'polonius@zulip.com': ['Verona'],
};

/**
 * The realm's default streams (given to new users). Zulip's development realm has Verona, the
 * stream every seeded user is in and the one its realm setup makes the default.
 */
export const DEV_DEFAULT_STREAMS: string[] = ['Verona'];

export async function seedDevRealm(knex: Knex, cipher: ApiKeyCipher): Promise<boolean> {
  if (await knex('realms').where({ string_id: DEV_REALM.string_id }).first('id')) return false;
  await knex.transaction(async (trx) => {
    const [realm] = await trx('realms').insert(DEV_REALM).returning('id');
    const realmId = (realm as { id: number }).id;
    const userIds = new Map<string, number>();

    const addUser = async (fields: Record<string, unknown> & { email: string }) => {
      const apiKey = generateApiKey();
      const [row] = await trx('users')
        .insert({
          realm_id: realmId,
          delivery_email: fields.email,
          short_name: fields.email.split('@')[0]!.toLowerCase(),
          api_key_enc: cipher.encrypt(apiKey),
          api_key_hash: cipher.lookupHash(apiKey),
          ...fields,
        })
        .returning('id');
      const id = (row as { id: number }).id;
      await trx('users')
        .where({ id })
        .update({ recipient_id: await createRecipient(trx, RECIPIENT_PERSONAL, id) });
      userIds.set(fields.email, id);
    };

    for (const user of DEV_USERS) {
      await addUser({ email: user.email, full_name: user.fullName, role: user.role ?? 'member' });
    }
    for (const bot of DEV_BOTS) {
      await addUser({
        email: bot.email,
        full_name: bot.fullName,
        is_bot: true,
        bot_type: bot.botType,
        bot_owner_id: bot.owner ? userIds.get(bot.owner) : null,
      });
    }

    // Zulip's development realm points its outgoing-webhook bot at a local test endpoint.
    await trx('services').insert({
      bot_id: userIds.get('outgoing-webhook@zulip.com'),
      name: 'outgoing-webhook',
      base_url: 'http://127.0.0.1:5002',
      interface: 1,
      token: generateApiKey(),
    });

    const streamIds = new Map<string, number>();
    for (const stream of DEV_STREAMS) {
      const [row] = await trx('streams')
        .insert({
          realm_id: realmId,
          name: stream.name,
          description: stream.description,
          rendered_description: `<p>${stream.description}</p>`,
          email_token: randomBytes(16).toString('hex'),
        })
        .returning('id');
      const id = (row as { id: number }).id;
      await trx('streams')
        .where({ id })
        .update({ recipient_id: await createRecipient(trx, RECIPIENT_STREAM, id) });
      streamIds.set(stream.name, id);
    }

    for (const [email, streams] of Object.entries(DEV_SUBSCRIPTIONS)) {
      const used: string[] = [];
      for (const name of streams) {
        const color = pickStreamColor(used);
        used.push(color);
        await trx('subscriptions').insert({ user_id: userIds.get(email), stream_id: streamIds.get(name), color });
      }
    }

    for (const name of DEV_DEFAULT_STREAMS) {
      await trx('default_streams').insert({ realm_id: realmId, stream_id: streamIds.get(name) });
    }

    // The user group Zulip's API examples expect (populate_db's hamletcharacters).
    const [group] = await trx('user_groups')
      .insert({ realm_id: realmId, name: 'hamletcharacters', description: 'Characters of Hamlet' })
      .returning('id');
    for (const email of ['hamlet@zulip.com', 'cordelia@zulip.com']) {
      await trx('user_group_members').insert({ user_group_id: (group as { id: number }).id, user_id: userIds.get(email) });
    }
  });
  return true;
}

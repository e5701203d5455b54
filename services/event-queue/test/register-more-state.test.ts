/**
 * The initial-state keys of Zulip 2.1's fetch_initial_state_data that are per user (realm_bots,
 * recent_private_conversations) or static catalogues (hotspots, realm_domains, embedded and
 * incoming webhook bots, default stream groups, stop words).
 */
import request from 'supertest';
import type { Express } from 'express';
import { createApiKeyCipher, createRecipient, RECIPIENT_HUDDLE, type Database } from '@chat/db';
import { MemoryQueueStore } from '@chat/queue-store';
import { devRealmId, headersFor, seededDatabase, testConfig, testLogger } from '@chat/testing';
import { EMBEDDED_BOTS } from '@chat/views';
import { INCOMING_WEBHOOK_BOTS } from '../src/queries/state/catalogues';
import { buildApp } from '../src/app';
import { LocalPolls } from '../src/lib/polls';
import { STOP_WORDS } from '../src/queries/state/stop-words';

jest.setTimeout(60_000);

describe('POST /register: bots, recent private conversations, static catalogues', () => {
  const config = testConfig();
  let db: Database;
  let app: Express;
  let realmId: number;
  const register = async (email: string, types: string[]) =>
    request(app)
      .post('/api/v1/register')
      .set(await headersFor(db, config, email))
      .type('form')
      .send({ fetch_event_types: JSON.stringify(types) });
  const userId = async (email: string): Promise<{ id: number; recipient_id: number }> =>
    db.knex('users').where({ realm_id: realmId }).whereRaw('lower(email) = lower(?)', [email]).first('id', 'recipient_id');

  beforeAll(async () => {
    db = await seededDatabase(config);
    realmId = await devRealmId(db);
    app = buildApp({ config, db, store: new MemoryQueueStore(), logger: testLogger(), polls: new LocalPolls() });
  });
  afterAll(() => db.close());

  it('serves the static catalogues as Zulip 2.1 does for a realm without them', async () => {
    const res = await register('hamlet@zulip.com', [
      'hotspots',
      'realm_domains',
      'default_stream_groups',
      'realm_embedded_bots',
      'realm_incoming_webhook_bots',
      'stop_words',
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hotspots: [], realm_domains: [], realm_default_stream_groups: [] });
    expect(res.body.realm_embedded_bots).toEqual(EMBEDDED_BOTS);
    expect(res.body.realm_embedded_bots.map((b: { name: string }) => b.name)).toEqual([
      'converter',
      'encrypt',
      'helloworld',
      'virtual_fs',
      'giphy',
      'followup',
    ]);
    expect(res.body.realm_incoming_webhook_bots).toEqual(INCOMING_WEBHOOK_BOTS);
    expect(res.body.realm_incoming_webhook_bots).toContainEqual({
      name: 'github',
      display_name: 'GitHub',
      all_event_types: null,
      config_options: expect.arrayContaining([{ key: 'branches', label: expect.any(String), validator: 'check_string' }]),
    });
    expect(res.body.stop_words).toEqual(STOP_WORDS);
    expect(res.body.stop_words).toHaveLength(127);
  });

  it('lists as stop words exactly words the search configuration drops', async () => {
    const vectors = async (words: readonly string[]) => {
      const { rows } = (await db.knex.raw(`SELECT w, to_tsvector('english', w)::text AS v FROM unnest(?::text[]) AS w`, [[...words]])) as {
        rows: { w: string; v: string }[];
      };
      return rows;
    };
    const kept = (await vectors(STOP_WORDS)).filter((r) => r.v !== '');
    expect(kept).toEqual([]);
    // Words search does keep, among them Zulip's extra single letters: not stop words here.
    const searchable = await vectors(['boat', 'party', 'hello', 'b', 'x']);
    expect(searchable.filter((r) => r.v === '')).toEqual([]);
    expect(STOP_WORDS).not.toContain('b');
  });

  it('shows an administrator every bot of the realm with its key and owner', async () => {
    const res = await register('iago@zulip.com', ['realm_bot']);
    expect(res.status).toBe(200);
    const bots = res.body.realm_bots as Record<string, unknown>[];
    const all: { id: number; email: string; api_key_hash: string }[] = await db
      .knex('users')
      .where({ realm_id: realmId, is_bot: true })
      .orderBy('id');
    expect(bots.map((b) => b.user_id)).toEqual(all.map((b) => b.id));
    const cipher = createApiKeyCipher(config.apiKeySecret);
    for (const [i, bot] of bots.entries()) expect(cipher.lookupHash(String(bot.api_key))).toBe(all[i]!.api_key_hash);
    const webhook = bots.find((b) => b.email === 'webhook-bot@zulip.com');
    expect(webhook).toEqual({
      email: 'webhook-bot@zulip.com',
      user_id: expect.any(Number),
      full_name: 'Zulip Webhook Bot',
      bot_type: 2,
      is_active: true,
      api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
      owner: 'ZOE@zulip.com',
      avatar_url: expect.any(String),
      services: [],
    });
  });

  it('shows anyone else only the bots they own, deactivated ones included', async () => {
    expect((await register('hamlet@zulip.com', ['realm_bot'])).body.realm_bots).toEqual([]);
    const zoe = await register('ZOE@zulip.com', ['realm_bot']);
    expect(zoe.body.realm_bots.map((b: { email: string }) => b.email)).toEqual(['webhook-bot@zulip.com']);
    await db.knex('users').where({ email: 'webhook-bot@zulip.com' }).update({ is_active: false });
    try {
      const after = await register('ZOE@zulip.com', ['realm_bot']);
      expect(after.body.realm_bots.map((b: { is_active: boolean }) => b.is_active)).toEqual([false]);
    } finally {
      await db.knex('users').where({ email: 'webhook-bot@zulip.com' }).update({ is_active: true });
    }
  });

  it('lists recent private conversations newest first, keyed as Zulip 2.1 keys them', async () => {
    const hamlet = await userId('hamlet@zulip.com');
    const othello = await userId('othello@zulip.com');
    const iago = await userId('iago@zulip.com');
    const huddleRecipient = await db.knex.transaction(async (trx) => {
      const [huddle] = await trx('huddles')
        .insert({ realm_id: realmId, huddle_hash: 'test-huddle', user_ids: [hamlet.id, othello.id, iago.id] })
        .returning('id');
      const recipientId = await createRecipient(trx, RECIPIENT_HUDDLE, (huddle as { id: number }).id);
      await trx('huddles')
        .where({ id: (huddle as { id: number }).id })
        .update({ recipient_id: recipientId });
      return recipientId;
    });
    const stream: { recipient_id: number } = await db.knex('streams').where({ realm_id: realmId, name: 'Denmark' }).first('recipient_id');
    const send = async (sender: number, recipientId: number, receivers: number[], isPrivate = true): Promise<number> => {
      const [row] = await db
        .knex('messages')
        .insert({
          realm_id: realmId,
          sender_id: sender,
          recipient_id: recipientId,
          subject: '',
          content: 'x',
          rendered_content: '<p>x</p>',
          sending_client: 'test',
        })
        .returning('id');
      const id = (row as { id: number }).id;
      await db.knex('user_messages').insert(receivers.map((u) => ({ user_id: u, message_id: id, flags: isPrivate ? 2048 : 0 })));
      return id;
    };
    await send(hamlet.id, othello.recipient_id, [hamlet.id, othello.id]);
    const fromOthello = await send(othello.id, hamlet.recipient_id, [hamlet.id, othello.id]);
    const toSelf = await send(hamlet.id, hamlet.recipient_id, [hamlet.id]);
    const inHuddle = await send(iago.id, huddleRecipient, [hamlet.id, othello.id, iago.id]);
    await send(iago.id, stream.recipient_id, [hamlet.id, iago.id], false);
    await send(iago.id, othello.recipient_id, [iago.id, othello.id]);

    const res = await register('hamlet@zulip.com', ['recent_private_conversations']);
    expect(res.body.recent_private_conversations).toEqual([
      { max_message_id: inHuddle, user_ids: [othello.id, iago.id].sort((a, b) => a - b) },
      { max_message_id: toSelf, user_ids: [] },
      { max_message_id: fromOthello, user_ids: [othello.id] },
    ]);
    const fresh = await register('cordelia@zulip.com', ['recent_private_conversations']);
    expect(fresh.body.recent_private_conversations).toEqual([]);
  });
});

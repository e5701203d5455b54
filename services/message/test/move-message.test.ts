import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { GenericEvent, MessageNotice, Notice } from '@chat/events';
import { fileStoreFor } from '@chat/storage';
import { inThreadRenderer, testConfig, testLogger, validateEvent } from '@chat/testing';
import { buildApp } from '../src/app';
import { createStream, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

/**
 * PATCH /messages/{id} with stream_id (moves between streams, feature level 1 and later) and
 * resolving topics: events as each side's queues receive them, Notification Bot's notices, edit
 * history and last_moved_timestamp, permissions with Zulip's errors.
 */
describe('moving messages between streams and resolving topics', () => {
  let h: Harness;
  let uploadsDir: string;
  let serial = 0;
  beforeAll(async () => {
    h = await startHarness();
    uploadsDir = mkdtempSync(join(tmpdir(), 'move-uploads-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  afterEach(() => setRealm({}));

  const setRealm = (settings: Record<string, unknown>) =>
    h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: JSON.stringify(settings) });
  const age = (ids: number[], seconds: number) =>
    h.db
      .knex('messages')
      .whereIn('id', ids)
      .update({ date_sent: new Date(Date.now() - seconds * 1000) });

  /** Two public streams: othello and cordelia only on the first, prospero only on the second. */
  async function twoStreams(options: { toPrivate?: boolean; toHistoryPublic?: boolean } = {}) {
    serial += 1;
    const a = await createStream(h, `Alpha ${serial}`, { subscribers: ['hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com'] });
    const b = await createStream(h, `Beta ${serial}`, {
      inviteOnly: options.toPrivate,
      historyPublic: options.toHistoryPublic,
      subscribers: ['hamlet@zulip.com', 'iago@zulip.com', 'prospero@zulip.com'],
    });
    return { a: { ...a, name: `Alpha ${serial}` }, b: { ...b, name: `Beta ${serial}` } };
  }

  const send = (stream: string, topic: string, content = 'words', email = 'hamlet@zulip.com') =>
    sendOk(h, email, { type: 'stream', to: stream, topic, content });

  /** The events the queue of `email` receives from these notices (declaring bulk_message_deletion or not). */
  async function eventsFor(notices: Notice[], email: string, bulkDeletion = true): Promise<GenericEvent[]> {
    const id = await h.userId(email);
    return notices.flatMap((n) => {
      if (n.kind !== 'event' || !n.userIds.includes(id)) return [];
      if (n.audience && n.audience.declared !== bulkDeletion) return [];
      return [{ ...n.event, id: 0 }];
    });
  }

  const botPosts = (notices: Notice[]): MessageNotice[] =>
    notices.filter((n): n is MessageNotice => n.kind === 'message' && n.message.sender_email === 'notification-bot@zulip.com');

  async function placeOf(id: number) {
    return h.db.knex('messages').where({ id }).first('stream_id', 'subject', 'recipient_id');
  }

  const mention = async (email: string, name: string) => `@_**${name}|${await h.userId(email)}**`;

  it('change_all moves the whole topic: the event, each side told, both notices, history and last_moved_timestamp', async () => {
    const { a, b } = await twoStreams();
    const ids = [await send(a.name, 'plans'), await send(a.name, 'plans'), await send(a.name, 'plans')];
    const elsewhere = await send(a.name, 'other things');
    const notices = await h.noticesOf(async () => {
      const res = await h.patch('hamlet@zulip.com', `/messages/${ids[1]}`, {
        stream_id: b.id,
        propagate_mode: 'change_all',
        send_notification_to_old_thread: true,
        send_notification_to_new_thread: true,
      });
      expect(res.body).toEqual({ result: 'success', msg: '' });
    });
    for (const id of ids) expect(await placeOf(id)).toEqual({ stream_id: b.id, subject: 'plans', recipient_id: b.recipientId });
    expect(await placeOf(elsewhere)).toMatchObject({ stream_id: a.id });

    const hamlet = await h.userId('hamlet@zulip.com');
    const [update] = await eventsFor(notices, 'hamlet@zulip.com');
    expectValidEvent(update!);
    expect(update).toEqual({
      type: 'update_message',
      id: 0,
      sender: 'hamlet@zulip.com',
      user_id: hamlet,
      message_id: ids[1],
      message_ids: ids,
      edit_timestamp: expect.any(Number),
      rendering_only: false,
      // Sent through the API by a program's client, so not read by its sender.
      flags: [],
      stream_name: a.name,
      stream_id: a.id,
      new_stream_id: b.id,
      orig_subject: 'plans',
      propagate_mode: 'change_all',
    });
    // Zulip's current schema of the event, but for 2.1's `sender` this server keeps sending.
    expect(validateEvent(update)).toEqual([expect.stringContaining('unexpected property "sender"')]);
    // Both streams are public: nobody loses access; everyone subscribed on either side hears of it.
    for (const email of ['othello@zulip.com', 'cordelia@zulip.com', 'iago@zulip.com', 'prospero@zulip.com']) {
      const events = await eventsFor(notices, email);
      expect(events.map((e) => [e.type, e.flags])).toEqual([['update_message', ['read']]]);
    }
    // othello was only on the old stream: his rows went with it, the messages stay readable (public).
    expect(
      await h.db
        .knex('user_messages')
        .whereIn('message_id', ids)
        .where({ user_id: await h.userId('othello@zulip.com') }),
    ).toEqual([]);
    expect((await h.get('othello@zulip.com', `/messages/${ids[0]}`)).status).toBe(200);

    const posts = botPosts(notices);
    const who = await mention('hamlet@zulip.com', 'King Hamlet');
    expect(posts.map((p) => [p.message.display_recipient, p.message.subject, p.message.content])).toEqual([
      [b.name, 'plans', `This topic was moved here from #**${a.name}>plans** by ${who}.`],
      [a.name, 'plans', `This topic was moved to #**${b.name}>plans** by ${who}.`],
    ]);
    // Read for the mover, unread for the others.
    expect(posts[0]!.users.find((u) => u.id === hamlet)!.flags).toContain('read');
    expect(posts[0]!.users.find((u) => u.id !== hamlet)!.flags).not.toContain('read');

    const fetched = await h.get('othello@zulip.com', `/messages/${ids[0]}`);
    expect(fetched.body.message).toMatchObject({
      stream_id: b.id,
      display_recipient: b.name,
      last_moved_timestamp: update!.edit_timestamp,
      edit_history: [{ user_id: hamlet, timestamp: update!.edit_timestamp, prev_stream: a.id, stream: b.id }],
    });
    const history = (await h.get('hamlet@zulip.com', `/messages/${ids[1]}/history`)).body.message_history;
    expect(history[1]).toMatchObject({ prev_stream: a.id, stream: b.id, topic: 'plans' });
  });

  it('change_later with a new topic moves the message and later ones; the notices count them', async () => {
    const { a, b } = await twoStreams();
    const [first, second, third] = [await send(a.name, 'draft'), await send(a.name, 'draft'), await send(a.name, 'draft')];
    const notices = await h.noticesOf(() =>
      h.patch('hamlet@zulip.com', `/messages/${second}`, {
        stream_id: b.id,
        topic: 'final',
        propagate_mode: 'change_later',
        send_notification_to_old_thread: true,
      }),
    );
    expect(await placeOf(first!)).toMatchObject({ stream_id: a.id, subject: 'draft' });
    expect(await placeOf(third!)).toMatchObject({ stream_id: b.id, subject: 'final' });
    const [update] = await eventsFor(notices, 'iago@zulip.com');
    expectValidEvent(update!);
    expect(update).toMatchObject({
      message_ids: [second, third],
      stream_id: a.id,
      new_stream_id: b.id,
      orig_subject: 'draft',
      subject: 'final',
      subject_links: [],
      propagate_mode: 'change_later',
    });
    const who = await mention('hamlet@zulip.com', 'King Hamlet');
    expect(botPosts(notices).map((p) => [p.message.subject, p.message.content])).toEqual([
      ['final', `2 messages were moved here from #**${a.name}>draft** by ${who}.`],
      ['draft', `2 messages were moved from this topic to #**${b.name}>final** by ${who}.`],
    ]);
    const moved = (await h.get('hamlet@zulip.com', `/messages/${third}`)).body.message;
    expect(moved.edit_history[0]).toMatchObject({ prev_stream: a.id, stream: b.id, prev_topic: 'draft', topic: 'final' });
    expect((await h.get('hamlet@zulip.com', `/messages/${first}`)).body.message).not.toHaveProperty('last_moved_timestamp');
  });

  it('change_one with the defaults: only the new thread is told, with a link to the message', async () => {
    const { a, b } = await twoStreams();
    await send(b.name, 'inbox', 'already here');
    const [kept, moved] = [await send(a.name, 'misc'), await send(a.name, 'misc')];
    const notices = await h.noticesOf(() => h.patch('hamlet@zulip.com', `/messages/${moved}`, { stream_id: b.id, topic: 'inbox' }));
    expect(await placeOf(kept!)).toMatchObject({ stream_id: a.id });
    const who = await mention('hamlet@zulip.com', 'King Hamlet');
    const slug = b.name.replace(/ /g, '-');
    expect(botPosts(notices).map((p) => [p.message.subject, p.message.content])).toEqual([
      [
        'inbox',
        `[A message](http://${h.config.externalHost}/#narrow/stream/${b.id}-${slug}/topic/inbox/near/${moved}) was moved here from #**${a.name}>misc** by ${who}.`,
      ],
    ]);
    const [update] = await eventsFor(notices, 'hamlet@zulip.com');
    expect(update).toMatchObject({ message_ids: [moved], propagate_mode: 'change_one', new_stream_id: b.id });
  });

  it('into a private stream: those left out get delete_message (bulk or one per message), its subscribers get rows', async () => {
    const { a, b } = await twoStreams({ toPrivate: true, toHistoryPublic: false });
    const ids = [await send(a.name, 'secret'), await send(a.name, 'secret')];
    const notices = await h.noticesOf(() =>
      h.patch('hamlet@zulip.com', `/messages/${ids[0]}`, {
        stream_id: b.id,
        propagate_mode: 'change_all',
        send_notification_to_new_thread: false,
      }),
    );
    expect(botPosts(notices)).toEqual([]);
    const deletion = { type: 'delete_message', id: 0, message_type: 'stream', stream_id: a.id, topic: 'secret' };
    for (const email of ['othello@zulip.com', 'cordelia@zulip.com']) {
      const bulk = await eventsFor(notices, email, true);
      bulk.forEach(expectValidEvent);
      expect(bulk).toEqual([{ ...deletion, message_ids: ids }]);
      const legacy = await eventsFor(notices, email, false);
      legacy.forEach(expectValidEvent);
      const hamlet = await h.userId('hamlet@zulip.com');
      expect(legacy).toEqual(ids.map((id) => ({ ...deletion, message_id: id, sender: 'hamlet@zulip.com', sender_id: hamlet })));
      expect((await h.get(email, `/messages/${ids[0]}`)).body).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });
    }
    // iago and prospero were subscribed when the messages arrived: they have them, as read.
    for (const email of ['iago@zulip.com', 'prospero@zulip.com']) {
      const [update] = await eventsFor(notices, email);
      expect(update).toMatchObject({ type: 'update_message', flags: ['read'], message_ids: ids });
      expect((await h.get(email, `/messages/${ids[1]}`)).body.message.flags).toEqual(['read']);
    }
  });

  it('into a public stream only guests left out lose access; a guest only in the new stream is not told', async () => {
    const { a, b } = await twoStreams();
    const polonius = await h.userId('polonius@zulip.com');
    await h.db.knex('subscriptions').insert({ user_id: polonius, stream_id: a.id });
    const id = await send(a.name, 'guests');
    const notices = await h.noticesOf(() => h.patch('hamlet@zulip.com', `/messages/${id}`, { stream_id: b.id }));
    expect(await eventsFor(notices, 'polonius@zulip.com')).toEqual([
      { type: 'delete_message', id: 0, message_ids: [id], message_type: 'stream', stream_id: a.id, topic: 'guests' },
    ]);
    expect((await eventsFor(notices, 'othello@zulip.com')).map((e) => e.type)).toEqual(['update_message']);

    // Back again: polonius is subscribed to the new stream alone, and Zulip leaves such a guest out.
    const back = await h.noticesOf(() => h.patch('hamlet@zulip.com', `/messages/${id}`, { stream_id: a.id }));
    expect(await eventsFor(back, 'polonius@zulip.com')).toEqual([]);
  });

  it('an attachment follows its message: readable through the new stream, and no longer through a private one it went back to', async () => {
    const config = testConfig({ uploadsDir });
    const app = buildApp({ config, db: h.db, logger: testLogger(), files: fileStoreFor(config), renderer: inThreadRenderer() });
    const download = async (email: string, uri: string) =>
      (
        await request(app)
          .get(uri)
          .set(await h.headers(email))
      ).status;
    serial += 1;
    const hidden = await createStream(h, `Hidden ${serial}`, { inviteOnly: true, subscribers: ['hamlet@zulip.com', 'othello@zulip.com'] });
    const open = await createStream(h, `Open ${serial}`, { subscribers: ['hamlet@zulip.com', 'prospero@zulip.com'] });
    const upload = await request(app)
      .post('/api/v1/user_uploads')
      .set(await h.headers('hamlet@zulip.com'))
      .attach('file', Buffer.from('the plan'), 'plan.txt');
    const uri: string = upload.body.uri;
    const id = await send(`Hidden ${serial}`, 'files', `see [plan](${uri})`);
    expect(await download('prospero@zulip.com', uri)).toBe(403);
    expect(await download('othello@zulip.com', uri)).toBe(200);

    const res = await h.patch('hamlet@zulip.com', `/messages/${id}`, { stream_id: open.id });
    expect(res.body.result).toBe('success');
    expect(await download('prospero@zulip.com', uri)).toBe(200);
    expect(await download('cordelia@zulip.com', uri)).toBe(200);
    // The old private stream's subscriber lost the message (a public stream he is not in is still readable).
    expect(await download('othello@zulip.com', uri)).toBe(200);
    await h.patch('hamlet@zulip.com', `/messages/${id}`, { stream_id: hidden.id });
    expect(await download('prospero@zulip.com', uri)).toBe(403);
  });

  describe('refusals, with nothing written', () => {
    async function refused(email: string, id: number, form: Record<string, unknown>, msg: string, extra: Record<string, unknown> = {}) {
      const before = await placeOf(id);
      const notices = await h.noticesOf(async () => {
        const res = await h.patch(email, `/messages/${id}`, form);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ result: 'error', msg, code: expect.any(String), ...extra });
      });
      expect(notices).toEqual([]);
      expect(await placeOf(id)).toEqual(before);
    }

    it('a stream the mover cannot read, or cannot post to', async () => {
      const { a } = await twoStreams();
      const id = await send(a.name, 'x');
      serial += 1;
      const closed = await createStream(h, `Closed ${serial}`, { inviteOnly: true, subscribers: ['iago@zulip.com'] });
      await refused('hamlet@zulip.com', id, { stream_id: closed.id }, 'Invalid stream id');
      const announce = await createStream(h, `Announce ${serial}`, { announcementOnly: true, subscribers: ['hamlet@zulip.com'] });
      await refused('hamlet@zulip.com', id, { stream_id: announce.id }, 'Only organization administrators can send to this stream.');
      // Out of a stream the mover cannot read: the message is not theirs to see.
      const inside = await send(`Closed ${serial}`, 'x', 'words', 'iago@zulip.com');
      await refused('hamlet@zulip.com', inside, { stream_id: a.id }, 'Invalid message(s)');
    });

    it("the realm's policy, guests, and the time limit (not for administrators)", async () => {
      const { a, b } = await twoStreams();
      const id = await send(a.name, 'late');
      await setRealm({ move_messages_between_streams_policy: 2 });
      await refused('hamlet@zulip.com', id, { stream_id: b.id }, "You don't have permission to move this message");
      await setRealm({ move_messages_between_streams_policy: 6 });
      await refused('iago@zulip.com', id, { stream_id: b.id }, "You don't have permission to move this message");
      await setRealm({});
      await h.db.knex('subscriptions').insert({ user_id: await h.userId('polonius@zulip.com'), stream_id: a.id });
      await h.db.knex('subscriptions').insert({ user_id: await h.userId('polonius@zulip.com'), stream_id: b.id });
      await refused('polonius@zulip.com', id, { stream_id: b.id }, "You don't have permission to move this message");

      await setRealm({ move_messages_between_streams_limit_seconds: 3600 });
      await age([id], 7200);
      await refused('hamlet@zulip.com', id, { stream_id: b.id }, "The time limit for editing this message's channel has passed");
      expect((await h.patch('iago@zulip.com', `/messages/${id}`, { stream_id: b.id })).body.result).toBe('success');
    });

    it('change_all of a topic with messages past the limit says how many may move', async () => {
      const { a, b } = await twoStreams();
      const ids = [await send(a.name, 'long'), await send(a.name, 'long'), await send(a.name, 'long')];
      await age([ids[0]!], 7200);
      await setRealm({ move_messages_between_streams_limit_seconds: 3600 });
      await refused(
        'hamlet@zulip.com',
        ids[2]!,
        { stream_id: b.id, propagate_mode: 'change_all' },
        'You only have permission to move the 2/3 most recent messages in this topic.',
        { first_message_id_allowed_to_move: ids[1], total_messages_in_topic: 3, total_messages_allowed_to_move: 2 },
      );
    });

    it('content with a stream, and private messages', async () => {
      const { a, b } = await twoStreams();
      const id = await send(a.name, 'x');
      await refused('hamlet@zulip.com', id, { stream_id: b.id, content: 'new' }, 'Cannot change message content while changing channel');
      const pm = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: 'hi' });
      await refused('hamlet@zulip.com', pm, { stream_id: b.id }, 'Direct messages cannot be moved to channels.');
    });
  });

  describe('resolving topics', () => {
    it('resolve and unresolve: the notices in the topic, the event of a topic edit, no move notice, no last_moved_timestamp', async () => {
      const { a } = await twoStreams();
      const ids = [await send(a.name, 'bug'), await send(a.name, 'bug')];
      const othello = await mention('othello@zulip.com', 'Othello, the Moor of Venice');
      const resolveForm = { propagate_mode: 'change_all', send_notification_to_old_thread: false, send_notification_to_new_thread: true };
      const resolved = await h.noticesOf(() => h.patch('othello@zulip.com', `/messages/${ids[0]}`, { ...resolveForm, topic: '✔ bug' }));
      const [update] = await eventsFor(resolved, 'hamlet@zulip.com');
      expectValidEvent(update!);
      expect(update).toMatchObject({
        message_ids: ids,
        orig_subject: 'bug',
        subject: '✔ bug',
        propagate_mode: 'change_all',
        stream_id: a.id,
      });
      expect(update).not.toHaveProperty('new_stream_id');
      expect(botPosts(resolved).map((p) => [p.message.subject, p.message.content])).toEqual([
        ['✔ bug', `${othello} has marked this topic as resolved.`],
      ]);
      const message = (await h.get('hamlet@zulip.com', `/messages/${ids[1]}`)).body.message;
      expect(message.subject).toBe('✔ bug');
      expect(message).not.toHaveProperty('last_moved_timestamp');

      // Past the minute in which unresolving would just delete the resolve notice.
      await age([botPosts(resolved)[0]!.message.id], 120);
      const unresolved = await h.noticesOf(() => h.patch('othello@zulip.com', `/messages/${ids[0]}`, { ...resolveForm, topic: 'bug' }));
      expect(botPosts(unresolved).map((p) => [p.message.subject, p.message.content])).toEqual([
        ['bug', `${othello} has marked this topic as unresolved.`],
      ]);
      expect((await eventsFor(unresolved, 'hamlet@zulip.com'))[0]).toMatchObject({ orig_subject: '✔ bug', subject: 'bug' });
    });

    it('undoing a resolve within a minute deletes its notice instead of posting another', async () => {
      const { a } = await twoStreams();
      const id = await send(a.name, 'oops');
      const form = { propagate_mode: 'change_all', send_notification_to_old_thread: false, send_notification_to_new_thread: true };
      const resolved = await h.noticesOf(() => h.patch('hamlet@zulip.com', `/messages/${id}`, { ...form, topic: '✔ oops' }));
      const notice = botPosts(resolved)[0]!.message.id;
      const undone = await h.noticesOf(() => h.patch('hamlet@zulip.com', `/messages/${id}`, { ...form, topic: 'oops' }));
      expect(botPosts(undone)).toEqual([]);
      const events = await eventsFor(undone, 'othello@zulip.com');
      expect(events.map((e) => e.type)).toEqual(['update_message', 'delete_message']);
      expect(events[0]).toMatchObject({ message_ids: [id, notice], subject: 'oops' });
      expect(events[1]).toMatchObject({ message_ids: [notice], topic: 'oops' });
      expect(await placeOf(notice)).toBeUndefined();
    });

    it('no double prefix: "✔ ✔ topic" is a plain rename; "✔" alone is refused', async () => {
      const { a } = await twoStreams();
      const id = await send(a.name, '✔ done');
      const notices = await h.noticesOf(() =>
        h.patch('hamlet@zulip.com', `/messages/${id}`, {
          topic: '✔ ✔ done',
          propagate_mode: 'change_all',
          send_notification_to_new_thread: true,
        }),
      );
      const who = await mention('hamlet@zulip.com', 'King Hamlet');
      expect(botPosts(notices).map((p) => p.message.content)).toEqual([`This topic was moved here from #**${a.name}>✔ done** by ${who}.`]);
      expect((await h.get('hamlet@zulip.com', `/messages/${id}`)).body.message.last_moved_timestamp).toEqual(expect.any(Number));
      const res = await h.patch('hamlet@zulip.com', `/messages/${id}`, { topic: '✔' });
      expect(res.body).toEqual({ result: 'error', msg: 'General chat cannot be marked as resolved', code: 'BAD_REQUEST' });
    });

    it("resolving needs the right to edit the topic, refused in Zulip's words, but not its time limit", async () => {
      const { a } = await twoStreams();
      const id = await send(a.name, 'issue');
      await age([id], 3 * 86400);
      expect((await h.patch('othello@zulip.com', `/messages/${id}`, { topic: 'renamed' })).body.msg).toBe(
        'The time limit for editing this message has passed',
      );
      expect((await h.patch('othello@zulip.com', `/messages/${id}`, { topic: '✔ issue' })).body.result).toBe('success');
      await setRealm({ allow_community_topic_editing: false });
      const res = await h.patch('othello@zulip.com', `/messages/${id}`, { topic: 'issue' });
      expect(res.body).toEqual({
        result: 'error',
        msg: "You don't have permission to resolve topics in this channel.",
        code: 'BAD_REQUEST',
      });
    });
  });

  it("2.1's topic edit (no stream, no notification parameters) posts no notice and sends no new_stream_id", async () => {
    const { a } = await twoStreams();
    const id = await send(a.name, 'old name');
    const notices = await h.noticesOf(() => h.patch('hamlet@zulip.com', `/messages/${id}`, { topic: 'new name' }));
    expect(botPosts(notices)).toEqual([]);
    const events = await eventsFor(notices, 'othello@zulip.com');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'update_message',
      orig_subject: 'old name',
      subject: 'new name',
      propagate_mode: 'change_one',
    });
    expect(events[0]).not.toHaveProperty('new_stream_id');
    // Its own stream as stream_id changes nothing but makes it a modern request.
    const same = await h.noticesOf(() => h.patch('hamlet@zulip.com', `/messages/${id}`, { topic: 'newer name', stream_id: a.id }));
    expect(botPosts(same)).toHaveLength(1);
  });
});

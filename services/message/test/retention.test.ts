import { DatabaseJobs } from '@chat/jobs';
import { testLogger, waitFor } from '@chat/testing';
import { archiveExpiredMessages, cleanArchivedData, registerRetentionJob, RETENTION_JOB } from '../src';
import { startHarness, type Harness } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('message retention (Zulip retention policy)', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });

  afterEach(async () => {
    await h.close();
  });

  async function send(content: string): Promise<number> {
    const response = await h.send('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'retention', content });
    expect(response.status).toBe(200);
    return response.body.id as number;
  }

  async function sendPrivate(content: string): Promise<number> {
    const response = await h.send('hamlet@zulip.com', { type: 'private', to: ['othello@zulip.com'], content });
    expect(response.status).toBe(200);
    return response.body.id as number;
  }

  async function setRetention(days: number | null): Promise<void> {
    await h.db
      .knex('realms')
      .where('id', h.realmId)
      .update({
        settings: h.db.knex.raw(`settings || jsonb_build_object('message_retention_days', ?::jsonb)`, [JSON.stringify(days)]),
      });
  }

  async function age(ids: number[], days: number): Promise<void> {
    await h.db
      .knex('messages')
      .whereIn('id', ids)
      .update({ date_sent: new Date(Date.now() - days * DAY_MS) });
  }

  async function attach(messageId: number): Promise<number> {
    const owner = await h.userId('hamlet@zulip.com');
    const [row] = await h.db
      .knex('attachments')
      .insert({
        realm_id: h.realmId,
        owner_id: owner,
        path_id: `${h.realmId}/ab/old.txt`,
        file_name: 'old.txt',
        size: 3,
        create_time: new Date(),
      })
      .returning('id');
    await h.db.knex('attachment_messages').insert({ attachment_id: row.id, message_id: messageId });
    return row.id as number;
  }

  const ids = async (table: string, column = 'id') => (await h.db.knex(table).pluck(column)).map(Number).sort((a, b) => a - b);

  it('archives messages older than the realm policy with their rows, and keeps newer ones', async () => {
    const old = await send('old news');
    const oldPrivate = await sendPrivate('old secret');
    const fresh = await send('fresh news');
    expect((await h.post('othello@zulip.com', `/messages/${old}/reactions`, { emoji_name: 'joy' })).status).toBe(200);
    const attachmentId = await attach(old);
    const userRows = await h.db.knex('user_messages').whereIn('message_id', [old, oldPrivate]).count({ n: '*' });
    await age([old, oldPrivate], 31);
    await setRetention(30);

    const archived = await archiveExpiredMessages(h.db.knex);

    expect(archived.get(h.realmId)).toBe(2);
    expect(await h.db.knex('messages').whereIn('id', [old, oldPrivate, fresh]).pluck('id')).toEqual([fresh]);
    expect(await ids('archived_messages')).toEqual([old, oldPrivate]);
    expect(await h.db.knex('user_messages').whereIn('message_id', [old, oldPrivate]).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await h.db.knex('archived_user_messages').count({ n: '*' })).toEqual(userRows);
    expect(await h.db.knex('archived_reactions').pluck('message_id')).toEqual([old]);
    expect(await h.db.knex('reactions').where('message_id', old).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await ids('archived_attachment_messages', 'message_id')).toEqual([old]);
    expect(await ids('archived_attachments')).toEqual([attachmentId]);
    expect(await h.db.knex('attachments').where('id', attachmentId).count({ n: '*' })).toEqual([{ n: 0 }]);
    const archivedRow = await h.db.knex('archived_messages').where('id', old).first();
    expect(archivedRow).toMatchObject({ content: 'old news', subject: 'retention', realm_id: h.realmId });

    const fetched = await h.get('hamlet@zulip.com', '/messages', { anchor: 'newest', num_before: 100, num_after: 0 });
    const fetchedIds = (fetched.body.messages as { id: number }[]).map((m) => m.id);
    expect(fetchedIds).toContain(fresh);
    expect(fetchedIds).not.toContain(old);
    expect(fetchedIds).not.toContain(oldPrivate);
  });

  it('archives submessages with their message', async () => {
    // Not a /poll: its widget submessage, made at send, would be archived beside this one.
    const old = await send('lunch at noon?');
    await h.db
      .knex('submessages')
      .insert({ message_id: old, sender_id: await h.userId('hamlet@zulip.com'), msg_type: 'widget', content: '{"type":"vote"}' });
    await age([old], 40);
    await setRetention(30);
    await archiveExpiredMessages(h.db.knex);
    expect(await h.db.knex('submessages').where('message_id', old).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await h.db.knex('archived_submessages').where('message_id', old).select('msg_type', 'content')).toEqual([
      { msg_type: 'widget', content: '{"type":"vote"}' },
    ]);
  });

  it.each([null, -1])('keeps every message forever when the policy is %p', async (days) => {
    const old = await send('ancient');
    await age([old], 3650);
    await setRetention(days);
    expect((await archiveExpiredMessages(h.db.knex)).size).toBe(0);
    expect(await h.db.knex('messages').where('id', old).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('archives in batches, each its own archive transaction', async () => {
    const sent = [await send('one'), await send('two'), await send('three')];
    await age(sent, 10);
    await setRetention(5);
    expect((await archiveExpiredMessages(h.db.knex, new Date(), 2)).get(h.realmId)).toBe(3);
    expect(await h.db.knex('archive_transactions').count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('deletes archives once their grace period has passed, and only then', async () => {
    const old = await send('to be vacuumed');
    await attach(old);
    await age([old], 40);
    await setRetention(30);
    await archiveExpiredMessages(h.db.knex);
    expect(await cleanArchivedData(h.db.knex, 7)).toBe(0);
    expect(await ids('archived_messages')).toEqual([old]);
    expect(await cleanArchivedData(h.db.knex, 7, new Date(Date.now() + 8 * DAY_MS))).toBe(1);
    for (const table of ['archived_messages', 'archived_user_messages', 'archived_attachment_messages', 'archived_attachments']) {
      expect(await h.db.knex(table).count({ n: '*' })).toEqual([{ n: 0 }]);
    }
  });

  it("runs as the message service's job, scheduled daily", async () => {
    const old = await send('expired');
    await age([old], 10);
    await setRetention(1);
    const jobs = new DatabaseJobs({ knex: h.db.knex, logger: testLogger(), pollMs: 20 });
    await registerRetentionJob({ db: h.db, jobs, logger: testLogger(), archiveGraceDays: 7 });
    const schedule = await h.db.knex('job_schedules').where('name', 'message.retention.daily').first();
    expect(schedule).toMatchObject({ kind: RETENTION_JOB.kind, every_ms: DAY_MS });
    await jobs.enqueue(RETENTION_JOB.kind, {});
    await waitFor(async () => (await h.db.knex('archived_messages').where('id', old).first()) !== undefined);
    await jobs.close();
  });
});

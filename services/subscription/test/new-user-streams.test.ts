/**
 * A new user's streams, as the service that created the user asks for them: a follow-up requested
 * (held) in its transaction, which it runs after its commit through this service's run endpoint
 * (settleFollowUps), over HTTP as in production. The streams an invitation named that still
 * exist, else the realm's default streams, with the subscribe events; a rerun adds nothing.
 */
import request from 'supertest';
import { followUps, type FollowUp } from '@chat/contracts';
import { requestFollowUp, type HeldFollowUp } from '@chat/dispatch';
import { httpInternalClient, loopbackListener, type InternalClient } from '@chat/http';
import type { JobPayload } from '@chat/jobs';
import { settleFollowUps } from '@chat/runtime';
import { testLogger } from '@chat/testing';
import { ofType, startHarness, type Harness } from './helpers';

describe("a new user's streams, by follow-up", () => {
  let h: Harness;
  let internal: InternalClient;
  let closeLoopback: () => Promise<void>;
  beforeAll(async () => {
    h = await startHarness();
    const loopback = await loopbackListener(h.app);
    closeLoopback = loopback.close;
    internal = httpInternalClient({ subscription: loopback.url }, h.config.internalSecret, 'settings');
  });
  afterAll(async () => {
    await closeLoopback();
    await h.close();
  });

  const newUser = async (email: string) =>
    (
      await h.db
        .knex('users')
        .insert({
          realm_id: h.realmId,
          email,
          delivery_email: email,
          full_name: 'New User',
          api_key_enc: 'x',
          api_key_hash: `${email}-hash`,
        })
        .returning('id')
    )[0].id as number;

  /** Requests the follow-up held, as the creating service does, and settles it after the commit; whether it was run. */
  async function run<P extends JobPayload>(followUp: FollowUp<P>, payload: P): Promise<boolean> {
    const held: HeldFollowUp[] = [];
    await h.db.knex.transaction((trx) => requestFollowUp(trx, followUp, payload, held));
    await settleFollowUps({ db: h.db.knex, internal, logger: testLogger() }, held);
    const row = await h.db.knex('job_requests').where('id', held[0]!.requestId).first('enqueued_at', 'held_until');
    // Run by the requester: marked handled, never left to the dispatcher.
    return row.enqueued_at !== null && row.held_until === null;
  }

  const streamsOf = async (userId: number): Promise<string[]> => {
    const rows: { name: string }[] = await h.db
      .knex('subscriptions as sub')
      .join('streams as s', 's.id', 'sub.stream_id')
      .where({ 'sub.user_id': userId, 'sub.active': true })
      .orderBy('s.name')
      .select('s.name');
    return rows.map((row) => row.name);
  };

  it("joins the realm's default streams, with the subscribe events; a rerun adds nothing", async () => {
    const userId = await newUser('newbie@zulip.com');
    const mark = await h.mark();
    expect(await run(followUps.joinDefaultStreams, { realmId: h.realmId, userId })).toBe(true);
    expect(await streamsOf(userId)).toEqual(['Verona']);
    const events = await h.events(mark);
    expect(ofType(events, 'subscription', 'add')[0]!.userIds).toEqual([userId]);
    expect(ofType(events, 'subscription', 'peer_add')[0]!.event).toEqual({
      type: 'subscription',
      op: 'peer_add',
      stream_ids: [await h.streamId('Verona')],
      user_ids: [userId],
    });

    const again = await h.mark();
    expect(await run(followUps.joinDefaultStreams, { realmId: h.realmId, userId })).toBe(true);
    expect(await h.events(again)).toEqual([]);
  });

  it("joins the invitation's streams that still exist, or the default streams when none do", async () => {
    const viola = await newUser('viola@zulip.com');
    const [denmark, rome] = [await h.streamId('Denmark'), await h.streamId('Rome')];
    const mark = await h.mark();
    expect(await run(followUps.joinInvitedStreams, { realmId: h.realmId, userId: viola, streamIds: [rome, denmark, 999999] })).toBe(true);
    expect(await streamsOf(viola)).toEqual(['Denmark', 'Rome']);
    expect(ofType(await h.events(mark), 'subscription', 'add')[0]!.userIds).toEqual([viola]);

    const sebastian = await newUser('sebastian@zulip.com');
    await run(followUps.joinInvitedStreams, { realmId: h.realmId, userId: sebastian, streamIds: [] });
    expect(await streamsOf(sebastian)).toEqual(['Verona']);
    const antonio = await newUser('antonio@zulip.com');
    await run(followUps.joinInvitedStreams, { realmId: h.realmId, userId: antonio, streamIds: [999999] });
    expect(await streamsOf(antonio)).toEqual(['Verona']);
  });

  it('ends without streams for a user who is gone', async () => {
    const mark = await h.mark();
    expect(await run(followUps.joinDefaultStreams, { realmId: h.realmId, userId: 99999 })).toBe(true);
    expect(await h.events(mark)).toEqual([]);
  });

  it('is run only for services', async () => {
    expect((await h.as('iago@zulip.com').post('/internal/follow-ups/subscription', { request_id: 1 })).status).toBe(401);
    expect((await request(h.app).post('/api/v1/internal/follow-ups/subscription').type('form').send({ request_id: '1' })).status).toBe(401);
  });
});

/**
 * Follow-ups survive their owner being down: a user created while the subscription service is
 * stopped joins the default streams once it is back, and a stream created while the message
 * service is stopped gets Notification Bot's notice once it is back, the request succeeding meanwhile.
 */
import { followUps } from '@chat/contracts';
import { defaultStreamsForRealm } from '@chat/db';
import { ApiClient, waitFor } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

describe('follow-ups in the distributed topology', () => {
  let cluster: DistributedCluster;
  let iago: ApiClient;

  beforeAll(async () => {
    cluster = await startDistributedCluster();
    iago = await new ApiClient(cluster.gatewayUrl).loginAs('iago@zulip.com');
  });
  afterAll(() => cluster.stop());

  const streamIdsOf = async (userId: number): Promise<number[]> => {
    const rows = await cluster.db.knex('subscriptions').where({ user_id: userId, active: true }).orderBy('stream_id').select('stream_id');
    return rows.map((row: { stream_id: number }) => row.stream_id);
  };

  it('a user created while the subscription service is down joins the default streams once it is back', async () => {
    await cluster.subscription.stop();
    const res = await iago.post('/users', {
      email: 'latecomer@zulip.com',
      password: 'a-long-password-1',
      full_name: 'Late Comer',
      short_name: 'latecomer',
    });
    expect(res.body).toMatchObject({ result: 'success' });
    const user = await cluster.db.knex('users').where({ delivery_email: 'latecomer@zulip.com' }).first('id', 'realm_id');
    const userId = user.id as number;

    // The request is committed and handed to the jobs, where it waits for its owner.
    await waitFor(async () => (await cluster.jobs.pending(followUps.joinDefaultStreams.kind)) === 1, 10_000);
    expect(await streamIdsOf(userId)).toEqual([]);

    await cluster.subscription.start();
    const defaults = (await defaultStreamsForRealm(cluster.db.knex, user.realm_id as number)).map((s) => s.id).sort((a, b) => a - b);
    expect(defaults.length).toBeGreaterThan(0);
    await waitFor(async () => (await streamIdsOf(userId)).length === defaults.length, 15_000);
    expect(await streamIdsOf(userId)).toEqual(defaults);
  });

  it('a stream created while the message service is down succeeds at once, and its notice follows once the service is back', async () => {
    await cluster.message.stop();
    const res = await iago.post('/users/me/subscriptions', { subscriptions: [{ name: 'created while away' }] });
    expect(res.body).toMatchObject({ result: 'success', subscribed: { 'iago@zulip.com': ['created while away'] } });
    const stream = await cluster.db.knex('streams').where({ name: 'created while away' }).first('id');
    const notices = () => cluster.db.knex('messages').where({ stream_id: stream.id }).select('id', 'content');
    await waitFor(async () => (await cluster.jobs.pending(followUps.postBotMessage.kind)) === 1, 30_000);
    expect(await notices()).toEqual([]);

    // Bounds against a hang on a loaded machine, not expected durations.
    await cluster.message.start();
    await waitFor(async () => (await notices()).length === 1, 60_000);
    expect((await notices())[0].content).toContain('Stream created by');
  });
});

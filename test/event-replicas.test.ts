/**
 * The event tier's replicas: a draining replica (SIGTERM) answers its parked polls at once, and
 * the queue goes on being served by another replica; a new poll on another replica finishes the
 * one parked before it.
 */
import request from 'supertest';
import { identityHeaders, type UserIdentity } from '@chat/http';
import { ApiClient, waitFor } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

describe('event-queue replicas', () => {
  let cluster: DistributedCluster;
  let othello: ApiClient;
  let hamlet: ApiClient;

  beforeAll(async () => {
    // Polls through the gateway go to replica 0; replica 1 is reached directly below.
    cluster = await startDistributedCluster({ consumers: [true, true], pollTargets: [true, false] });
    othello = await new ApiClient(cluster.gatewayUrl).loginAs('othello@zulip.com');
    hamlet = await new ApiClient(cluster.gatewayUrl).loginAs('hamlet@zulip.com');
  });
  afterAll(() => cluster.stop());

  async function othelloOnReplica(index: number) {
    const user = await cluster.db.knex('users').where({ email: 'othello@zulip.com' }).first();
    const identity: UserIdentity = {
      kind: 'user',
      userId: user.id,
      realmId: user.realm_id,
      email: user.email,
      fullName: user.full_name,
      isAdmin: false,
      isModerator: false,
      isGuest: false,
      isBot: false,
      botType: null,
    };
    return { url: cluster.replicas[index]!.url, headers: identityHeaders(identity, cluster.config.internalSecret) };
  }

  it('finishes the poll parked on another replica when a new poll arrives', async () => {
    const { queue_id: queueId } = (await othello.post('/register', { event_types: ['message'] })).body;
    const started = Date.now();
    const first = othello.get('/events', { queue_id: queueId, last_event_id: -1 }).then((r) => r);
    await waitFor(() => cluster.replicas[0]!.store.listensFor(queueId), 5_000, { what: 'the poll parked on replica 0' });
    const direct = await othelloOnReplica(1);
    const second = request(direct.url)
      .get('/api/v1/events')
      .query({ queue_id: queueId, last_event_id: -1 })
      .set(direct.headers)
      .then((r) => r);
    const answered = await first;
    expect(answered.status).toBe(200);
    expect(answered.body.events).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);
    await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'relay', content: 'for the second poll' });
    const delivered = await second;
    expect(delivered.body.events.map((e: { type: string }) => e.type)).toEqual(['message']);
  });

  it('answers parked polls at once when a replica drains, and the queue lives on elsewhere', async () => {
    const { queue_id: queueId } = (await othello.post('/register', { event_types: ['message'] })).body;
    const parked = othello.get('/events', { queue_id: queueId, last_event_id: -1 }).then((r) => r);
    await waitFor(() => cluster.replicas[0]!.replica.polls.size === 1, 5_000, { what: 'the poll begun on replica 0' });
    const started = Date.now();
    await cluster.replicas[0]!.replica.drain();
    const answered = await parked;
    expect(answered.status).toBe(200);
    expect(answered.body.events).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);

    const sent = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'drain', content: 'after the drain' });
    const direct = await othelloOnReplica(1);
    const next = await request(direct.url).get('/api/v1/events').query({ queue_id: queueId, last_event_id: -1 }).set(direct.headers);
    expect(next.status).toBe(200);
    expect(next.body.events.map((e: { message: { id: number } }) => e.message.id)).toEqual([sent.body.id]);
  });
});

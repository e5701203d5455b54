/**
 * Commit order per queue with several consumers: five users run, concurrently, sequences of
 * send, edit, react, unreact (and delete, for the administrator) on their own messages, each step
 * after the previous one committed. Two event-queue replicas consume the bus. Every queue must see
 * each message's events in the order they were made.
 */
import { ApiClient, waitFor } from '@chat/testing';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';

const USERS = ['hamlet@zulip.com', 'iago@zulip.com', 'othello@zulip.com', 'prospero@zulip.com', 'ZOE@zulip.com'];
const ROUNDS = 6;

interface Seen {
  type: string;
  messageId: number;
}

function messageIdOf(event: Record<string, unknown>): number | undefined {
  if (event.type === 'message') return (event.message as { id: number }).id;
  if (typeof event.message_id === 'number') return event.message_id;
  return undefined;
}

async function drainQueue(client: ApiClient, queueId: string, until: (seen: Seen[]) => boolean): Promise<Seen[]> {
  const seen: Seen[] = [];
  let lastEventId = -1;
  const complete = async () => {
    const res = await client.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
    for (const event of res.body.events as Record<string, unknown>[]) {
      lastEventId = event.id as number;
      const messageId = messageIdOf(event);
      if (messageId !== undefined) seen.push({ type: `${String(event.type)}${event.op ? `:${String(event.op)}` : ''}`, messageId });
    }
    return until(seen);
  };
  await waitFor(complete, 30_000, { stepMs: 25, what: `every event in queue ${queueId}` });
  return seen;
}

describe('event order across replicas', () => {
  let cluster: DistributedCluster;
  beforeAll(async () => {
    cluster = await startDistributedCluster({ consumers: [true, true] });
  });
  afterAll(() => cluster.stop());

  it("delivers each message's events in the order they were committed, to every queue", async () => {
    const clients = await Promise.all(USERS.map((email) => new ApiClient(cluster.gatewayUrl).loginAs(email)));
    const queues = await Promise.all(
      clients.map(
        async (client) =>
          (await client.post('/register', { event_types: ['message', 'update_message', 'reaction', 'delete_message'] })).body
            .queue_id as string,
      ),
    );

    const expected = new Map<number, string[]>();
    await Promise.all(
      clients.map(async (client, index) => {
        for (let round = 0; round < ROUNDS; round++) {
          const sent = await client.post('/messages', { type: 'stream', to: 'Denmark', topic: `order ${index}`, content: `r${round}` });
          expect(sent.status).toBe(200);
          const id = sent.body.id as number;
          const steps = ['message', 'update_message', 'reaction:add', 'reaction:remove'];
          expect((await client.patch(`/messages/${id}`, { content: `r${round} edited` })).status).toBe(200);
          expect((await client.post(`/messages/${id}/reactions`, { emoji_name: 'smile' })).status).toBe(200);
          expect((await client.delete(`/messages/${id}/reactions`, { emoji_name: 'smile' })).status).toBe(200);
          if (USERS[index] === 'iago@zulip.com') {
            expect((await client.delete(`/messages/${id}`)).status).toBe(200);
            steps.push('delete_message');
          }
          expected.set(id, steps);
        }
      }),
    );

    const total = [...expected.values()].reduce((n, steps) => n + steps.length, 0);
    for (const [index, client] of clients.entries()) {
      const seen = await drainQueue(client, queues[index]!, (s) => s.length >= total);
      for (const [messageId, steps] of expected) {
        expect({ messageId, order: seen.filter((s) => s.messageId === messageId).map((s) => s.type) }).toEqual({ messageId, order: steps });
      }
    }
    // Both replicas took part.
    expect(cluster.replicas.every((r) => (r.worker?.delivered() ?? 0) > 0)).toBe(true);
  }, 120_000);
});

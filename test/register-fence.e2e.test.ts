/**
 * /register under concurrent writes: for every queue registered while messages are being sent,
 * each message is either in the initial state or delivered by the queue, never both, never
 * neither, never twice (issue: "no event is lost and none is applied twice").
 */
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

const SENDS = 80;
const REGISTRATIONS = 8;

interface Registration {
  queueId: string;
  inState: Set<number>;
}

function unreadIds(state: { unread_msgs: { streams: { unread_message_ids: number[] }[] } }): Set<number> {
  return new Set(state.unread_msgs.streams.flatMap((s) => s.unread_message_ids));
}

async function drain(client: ApiClient, queueId: string, until: number): Promise<number[]> {
  const delivered: number[] = [];
  let lastEventId = -1;
  const deliveredUntil = async () => {
    const res = await client.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
    for (const event of res.body.events as { id: number; type: string; message?: { id: number } }[]) {
      lastEventId = event.id;
      if (event.type === 'message' && event.message) delivered.push(event.message.id);
    }
    return delivered.includes(until);
  };
  await waitFor(deliveredUntil, 15_000, { stepMs: 20, what: `message ${until} in queue ${queueId}` });
  return delivered;
}

describeBothTopologies('register fence', (env) => {
  it('gives each concurrent message to the state or the queue, exactly once', async () => {
    const hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
    const othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    const sent: number[] = [];
    const registrations: Registration[] = [];

    const sending = (async () => {
      for (let i = 0; i < SENDS; i++) {
        const res = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'fence', content: `m${i}` });
        expect(res.status).toBe(200);
        sent.push(res.body.id);
      }
    })();
    const registering = (async () => {
      for (let i = 0; i < REGISTRATIONS; i++) {
        const res = await othello.post('/register', {
          event_types: ['message'],
          fetch_event_types: ['message', 'update_message_flags'],
        });
        expect(res.status).toBe(200);
        registrations.push({ queueId: res.body.queue_id, inState: unreadIds(res.body) });
        // The next one after another send was answered, while the one after it is in flight.
        const before = sent.length;
        await waitFor(() => sent.length > before || sent.length === SENDS, 10_000, { what: 'another send' });
      }
    })();
    await Promise.all([sending, registering]);
    const sentinel = (await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'fence', content: 'end' })).body.id as number;

    for (const { queueId, inState } of registrations) {
      const delivered = await drain(othello, queueId, sentinel);
      expect(new Set(delivered).size).toBe(delivered.length);
      for (const id of sent) {
        const inQueue = delivered.includes(id);
        expect({ id, inState: inState.has(id), inQueue }).toEqual({ id, inState: !inQueue, inQueue });
      }
    }
  }, 120_000);
});

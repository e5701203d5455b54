/**
 * The two things the send benchmark drives with the same load generator: our server (a stream
 * with 10 subscribers, each with an event queue long-polled through the public API; bench:scaling
 * up to 10,000 of them) and the floor.
 */
import { inBatches, inSlices } from './batches';
import { apiCall, basicAuth, httpCall } from './http';
import { deliveryHandler, type LoadTarget } from './load';
import type { BenchUser } from './population';

const SEQ = /bench (\d+)/;

/** Runs `poll` again and again until stopped, reporting each message's sequence number. */
function pollLoop(poll: () => Promise<string[]>, isStopped: () => boolean, onError: (err: unknown) => void): void {
  const loop = async () => {
    while (!isStopped()) {
      try {
        for (const content of await poll()) {
          const match = SEQ.exec(content);
          if (match) deliveryHandler(Number(match[1]));
        }
      } catch (err) {
        if (!isStopped()) onError(err);
        return;
      }
    }
  };
  void loop();
}

export async function chatTarget(name: string, url: string, eventsUrl: string, users: BenchUser[], stream: string): Promise<LoadTarget> {
  const sender = basicAuth(users[0]!.email, users[0]!.apiKey);
  let stopped = false;
  const queues = await inBatches(users, async (user) => {
    const headers = basicAuth(user.email, user.apiKey);
    const body = await apiCall(eventsUrl, 'POST', '/register', headers, { event_types: '["message"]' });
    return { headers, queueId: String(body.queue_id), last: Number(body.last_event_id) };
  });
  return {
    name,
    pollers: queues.length,
    send: async (seq) => {
      await apiCall(url, 'POST', '/messages', sender, { type: 'stream', to: stream, topic: 'bench', content: `bench ${seq}` });
    },
    startPolling: () => {
      void inSlices(queues, (queue) => {
        const poll = async () => {
          const body = await apiCall(eventsUrl, 'GET', '/events', queue.headers, {
            queue_id: queue.queueId,
            last_event_id: String(queue.last),
          });
          const events = body.events as { id: number; type: string; message?: { content: string } }[];
          for (const event of events) queue.last = Math.max(queue.last, event.id);
          return events.filter((e) => e.type === 'message').map((e) => e.message!.content);
        };
        pollLoop(
          poll,
          () => stopped,
          (err) => console.error(`poller ${queue.queueId}: ${String(err)}`),
        );
      });
    },
    stop: async () => {
      stopped = true;
    },
  };
}

export function floorTarget(url: string, subscribers = 10): LoadTarget {
  let stopped = false;
  return {
    name: 'floor',
    pollers: subscribers,
    send: async (seq) => {
      const answer = await httpCall(url, 'POST', '/send', {}, { content: `bench ${seq}` });
      if (answer.body.result !== 'success') throw new Error(`floor send: ${JSON.stringify(answer.body)}`);
    },
    startPolling: () => {
      for (let user = 0; user < subscribers; user++) {
        let last = -1;
        const poll = async () => {
          const answer = await httpCall(url, 'GET', '/events', {}, { user: String(user), last_event_id: String(last) });
          const events = (answer.body.events ?? []) as { id: number; message: { content: string } }[];
          for (const event of events) last = Math.max(last, event.id);
          return events.map((e) => e.message.content);
        };
        pollLoop(
          poll,
          () => stopped,
          (err) => console.error(`floor poller ${user}: ${String(err)}`),
        );
      }
    },
    stop: async () => {
      stopped = true;
    },
  };
}

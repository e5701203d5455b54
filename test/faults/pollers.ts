/**
 * The fault suite's clients: per user, a queue registered for messages and long-polled without
 * pause, the way Zulip's clients do, through the ingress (which sends /register and /events
 * straight to the event-queue replicas, round-robin; they check the API key themselves). A poll
 * that fails without an answer (a replica died, a broker is down) is repeated with the same
 * last_event_id, which the ingress sends to the next replica; BAD_EVENT_QUEUE_ID
 * (the queue's state was lost with Redis) ends the queue's log and the client registers again.
 */
import { waitForValue } from '@chat/testing';
import { countServerError } from './load';

export interface QueueLog {
  email: string;
  queueId: string;
  /** max_message_id of the registration's initial state: later messages are the queue's to deliver. */
  maxMessageId: number;
  /** Message ids in the order the queue delivered them. */
  received: number[];
  /** Ended by BAD_EVENT_QUEUE_ID. */
  lost: boolean;
  /** The error bodies that ended it, for the check of Zulip's exact body. */
  lostBody?: unknown;
}

/** How long a client goes on retrying without an answer before the suite gives up on it. */
const GIVE_UP_MS = 60_000;
/** Between two tries of a client that got no answer. */
const REGISTER_RETRY_MS = 200;
const POLL_RETRY_MS = 100;

interface EventsBody {
  result: string;
  code?: string;
  events?: { id: number; type: string; message?: { id: number } }[];
}

export class Pollers {
  readonly queues: QueueLog[] = [];
  /** Answers with a 5xx status by status and message (a broker or replica down), for the report. */
  readonly serverErrors = new Map<string, number>();
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly abort = new AbortController();
  constructor(
    /** The ingress: it picks the replica. */
    private readonly baseUrl: string,
    private readonly headersFor: (email: string) => Record<string, string>,
  ) {}

  async start(emails: string[]): Promise<void> {
    this.running = true;
    const first = await Promise.all(emails.map((email) => this.register(email)));
    this.loops = first.map((log) => this.loop(log));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await Promise.all(this.loops);
  }

  /** The newest queue of each user: the live ones at the end of the run. */
  live(): QueueLog[] {
    const newest = new Map<string, QueueLog>();
    for (const log of this.queues) newest.set(log.email, log);
    return [...newest.values()].filter((log) => !log.lost);
  }

  /** Registers until it is answered with a queue (a replica or a broker may be down meanwhile). */
  private register(email: string): Promise<QueueLog> {
    return waitForValue(() => this.tryRegister(email), GIVE_UP_MS, { stepMs: REGISTER_RETRY_MS, what: `a queue for ${email}` });
  }

  /** The new queue's log, or undefined without one (thrown once stopped). */
  private async tryRegister(email: string): Promise<QueueLog | undefined> {
    try {
      const response = await fetch(`${this.baseUrl}/api/v1/register`, {
        method: 'POST',
        headers: { ...this.headersFor(email), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ event_types: '["message"]' }).toString(),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(15_000)]),
      });
      const body = (await response.json()) as { queue_id?: string; max_message_id?: number };
      if (response.status === 200 && body.queue_id) {
        const log: QueueLog = { email, queueId: body.queue_id, maxMessageId: body.max_message_id ?? -1, received: [], lost: false };
        this.queues.push(log);
        return log;
      }
    } catch (err) {
      if (!this.running) throw err;
    }
    return undefined;
  }

  /** The next answer worth acting on, polling again while there is none; null once stopped. */
  private nextAnswer(log: QueueLog, lastEventId: number): Promise<EventsBody | null> {
    const tryPoll = async () => (this.running ? ((await this.poll(log, lastEventId)) ?? undefined) : null);
    return waitForValue(tryPoll, GIVE_UP_MS, { stepMs: POLL_RETRY_MS, what: `an answer on ${log.email}'s queue` });
  }

  private async loop(first: QueueLog): Promise<void> {
    let log = first;
    let lastEventId = -1;
    while (this.running) {
      const answer = await this.nextAnswer(log, lastEventId);
      if (answer === null) return; // stopped
      if (answer.code === 'BAD_EVENT_QUEUE_ID') {
        log.lost = true;
        log.lostBody = answer;
        try {
          log = await this.register(log.email);
        } catch {
          return; // stopped while registering
        }
        lastEventId = -1;
        continue;
      }
      for (const event of answer.events ?? []) {
        lastEventId = event.id;
        if (event.type === 'message' && event.message) log.received.push(event.message.id);
      }
    }
  }

  /** The answer, or null when there was none worth acting on (no connection, 5xx, stopped). */
  private async poll(log: QueueLog, lastEventId: number): Promise<EventsBody | null> {
    const query = new URLSearchParams({ queue_id: log.queueId, last_event_id: String(lastEventId) });
    try {
      const response = await fetch(`${this.baseUrl}/api/v1/events?${query}`, {
        headers: this.headersFor(log.email),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(20_000)]),
      });
      if (response.status >= 500) {
        const body = (await response.json().catch(() => ({}))) as { msg?: string };
        countServerError(this.serverErrors, response.status, body.msg);
        return null;
      }
      return (await response.json()) as EventsBody;
    } catch {
      return null;
    }
  }
}

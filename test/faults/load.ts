/**
 * The fault suite's load generator: senders posting stream and private messages (and a few sends
 * that must fail) in a steady loop, as real clients do: through the ingress and the gateway, with
 * HTTP Basic API keys. Each logical send has its own Idempotency-Key and unique content. A 4xx is
 * definite (a send that failed must not be stored). A send without a definite answer (a dropped
 * connection; a 5xx: the gateway's 502/503 when the message service died mid-request or is down,
 * the ingress's 502 while the gateway restarts) is retried with the same key; a 409 (the same key
 * still in flight) is retried after a short wait. So every logical send ends with one definite
 * answer, and the key makes the retries store it at most once.
 */
import { randomUUID } from 'node:crypto';
import { waitForValue, WaitTimeout } from '@chat/testing';

export interface SendOutcome {
  content: string;
  /** A send built to fail (an unknown stream): it must get a definite error and not be stored. */
  meantToFail: boolean;
  status: number;
  messageId?: number;
  attempts: number;
}

export interface LoadOptions {
  /** Where clients send: the ingress in front of the gateway. */
  baseUrl: string;
  /** A user's credentials (the Authorization header). */
  headersFor: (email: string) => Record<string, string>;
  senders: string[];
  /** Recipients of private messages. */
  recipients: string[];
  stream: string;
  runId: string;
}

/** An HTTP answer to a send: its status, and the message id of a success. */
interface Answer {
  status: number;
  id?: number;
}

const RETRY_WAIT_MS = 150;
/** A logical send retried past this is reported as unanswered (counted as a failure of the suite). */
const SEND_DEADLINE_MS = 45_000;

export class LoadGenerator {
  readonly outcomes: SendOutcome[] = [];
  /** Answers with a 5xx status by status and message (retried: no definite answer), for the report. */
  readonly serverErrors = new Map<string, number>();
  /** Attempts that got no answer at all (connection refused or dropped, timed out), retried. */
  dropped = 0;
  private running = false;
  private loops: Promise<void>[] = [];
  private next = 0;

  constructor(private readonly options: LoadOptions) {}

  start(): void {
    this.running = true;
    this.loops = this.options.senders.map((sender) => this.loop(sender));
  }

  /** Stops issuing sends and waits for every logical send in flight to get its definite answer. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  get retried(): number {
    return this.outcomes.filter((o) => o.attempts > 1).length;
  }

  private async loop(sender: string): Promise<void> {
    while (this.running) {
      const n = this.next++;
      this.outcomes.push(await this.send(sender, n));
    }
  }

  private send(sender: string, n: number): Promise<SendOutcome> {
    const { recipients, stream, runId } = this.options;
    const content = `fault ${runId} ${n}`;
    const meantToFail = n % 10 === 9;
    const body: Record<string, string> = meantToFail
      ? { type: 'stream', to: `no such stream ${runId}`, topic: 'faults', content }
      : n % 3 === 0
        ? { type: 'private', to: JSON.stringify([recipients[n % recipients.length]]), content }
        : { type: 'stream', to: stream, topic: 'faults', content };
    return this.untilDefinite(sender, body, { content, meantToFail });
  }

  /** Posts `body` under one Idempotency-Key until it gets a definite answer or SEND_DEADLINE_MS passes. */
  private async untilDefinite(
    sender: string,
    body: Record<string, string>,
    send: Pick<SendOutcome, 'content' | 'meantToFail'>,
  ): Promise<SendOutcome> {
    const key = randomUUID();
    const tried: { attempts: number; last: Answer | null } = { attempts: 0, last: null };
    const definiteAnswer = async (): Promise<Answer | undefined> => {
      tried.attempts++;
      const answer = (tried.last = await this.post(sender, key, body));
      return answer !== null && answer.status !== 409 && answer.status < 500 ? answer : undefined;
    };
    try {
      const answer = await waitForValue(definiteAnswer, SEND_DEADLINE_MS, {
        stepMs: RETRY_WAIT_MS,
        what: `a definite answer to ${send.content}`,
      });
      return { ...send, status: answer.status, messageId: answer.id, attempts: tried.attempts };
    } catch (err) {
      if (!(err instanceof WaitTimeout)) throw err;
      return { ...send, status: tried.last?.status ?? 0, attempts: tried.attempts };
    }
  }

  /** null: no answer (connection refused or dropped, or too slow). */
  private async post(sender: string, key: string, body: Record<string, string>): Promise<Answer | null> {
    try {
      const response = await fetch(`${this.options.baseUrl}/api/v1/messages`, {
        method: 'POST',
        headers: { ...this.options.headersFor(sender), 'idempotency-key': key, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await response.json().catch(() => ({}))) as { id?: number; msg?: string };
      if (response.status >= 500) countServerError(this.serverErrors, response.status, json.msg);
      return { status: response.status, ...(typeof json.id === 'number' ? { id: json.id } : {}) };
    } catch {
      this.dropped++;
      return null;
    }
  }
}

/** Tallies a 5xx by status and message: which hop answered, and what it claimed. */
export function countServerError(tally: Map<string, number>, status: number, msg: string | undefined): void {
  const key = `${status} ${msg ?? '(no body)'}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
}

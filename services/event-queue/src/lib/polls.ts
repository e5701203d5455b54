import type { AbortListener, WaitSignal } from '@chat/queue-store';

/**
 * A parked poll's cancellation: what the store's waitForEvent needs of an AbortSignal and no
 * more. One small object with one listener slot (the store's waiter) instead of an
 * AbortController, its EventTarget signal and Node's listener record, ~1 KB per parked poll.
 */
export class PollCancel implements WaitSignal {
  aborted = false;
  private listener: AbortListener | null = null;

  addEventListener(_type: 'abort', listener: AbortListener): void {
    if (!this.aborted) this.listener = listener;
  }

  removeEventListener(_type: 'abort', listener: AbortListener): void {
    if (this.listener === listener) this.listener = null;
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listener = this.listener;
    this.listener = null;
    listener?.handleEvent();
  }
}

/**
 * The long-polls parked in this process, one entry per queue: a newer poll on the same queue
 * finishes the older one (as Zulip's handlers do), and a draining replica finishes them all with
 * what they have, so no parked client waits out its heartbeat against a process that is leaving.
 */
export class LocalPolls {
  private readonly polls = new Map<string, PollCancel>();
  private draining = false;
  private handlerIds = 0;

  /** Registers a poll on `queueId`, finishing the one parked there before. */
  begin(queueId: string): PollCancel {
    const cancel = new PollCancel();
    this.polls.get(queueId)?.abort();
    this.polls.set(queueId, cancel);
    if (this.draining) cancel.abort();
    return cancel;
  }

  end(queueId: string, cancel: PollCancel): void {
    if (this.polls.get(queueId) === cancel) this.polls.delete(queueId);
  }

  finish(queueId: string): void {
    this.polls.get(queueId)?.abort();
  }

  /** Finishes every parked poll now and every poll that arrives from now on. */
  drain(): void {
    this.draining = true;
    for (const cancel of this.polls.values()) cancel.abort();
  }

  /** Zulip's handler_id: a number per answered request, unique in this process. */
  nextHandlerId(): number {
    return this.handlerIds++;
  }

  get size(): number {
    return this.polls.size;
  }
}

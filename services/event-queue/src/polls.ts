/**
 * The long-polls parked in this process, one entry per queue: a newer poll on the same queue
 * finishes the older one (as Zulip's handlers do), and a draining replica finishes them all with
 * what they have, so no parked client waits out its heartbeat against a process that is leaving.
 */
export class LocalPolls {
  private readonly polls = new Map<string, AbortController>();
  private draining = false;
  private handlerIds = 0;

  /** Registers a poll on `queueId`, finishing the one parked there before. */
  begin(queueId: string): AbortController {
    const controller = new AbortController();
    this.polls.get(queueId)?.abort();
    this.polls.set(queueId, controller);
    if (this.draining) controller.abort();
    return controller;
  }

  end(queueId: string, controller: AbortController): void {
    if (this.polls.get(queueId) === controller) this.polls.delete(queueId);
  }

  finish(queueId: string): void {
    this.polls.get(queueId)?.abort();
  }

  /** Finishes every parked poll now and every poll that arrives from now on. */
  drain(): void {
    this.draining = true;
    for (const controller of this.polls.values()) controller.abort();
  }

  /** Zulip's handler_id: a number per answered request, unique in this process. */
  nextHandlerId(): number {
    return this.handlerIds++;
  }

  get size(): number {
    return this.polls.size;
  }
}

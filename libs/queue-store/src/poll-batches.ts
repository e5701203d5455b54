import type { PollResult } from './queue-store';

type Arg = string | number;

export interface PendingPoll {
  keys: string[];
  args: Arg[];
}

interface Queued extends PendingPoll {
  resolve: (result: PollResult) => void;
  reject: (error: unknown) => void;
}

/**
 * A fan-out settles thousands of parked polls in one go, and each then fetches its queue. One
 * script call per poll cost the event tier a command object, a reply and a parse of the shared
 * message body each; gathered here until the end of the tick, they go as one call per batch.
 * A lone poll waits no longer than the current tick's microtasks.
 */
export class PollBatches {
  private pending: Queued[] = [];

  constructor(private readonly run: (batch: PendingPoll[]) => Promise<PollResult[]>) {}

  add(keys: string[], args: Arg[]): Promise<PollResult> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) process.nextTick(() => this.flush());
      this.pending.push({ keys, args, resolve, reject });
    });
  }

  private flush(): void {
    const all = this.pending;
    this.pending = [];
    // Bounded: one script call blocks Redis while it runs.
    for (let start = 0; start < all.length; start += MAX_BATCH) void this.send(all.slice(start, start + MAX_BATCH));
  }

  private async send(batch: Queued[]): Promise<void> {
    try {
      const results = await this.run(batch);
      batch.forEach((poll, index) => poll.resolve(results[index]!));
    } catch (error) {
      for (const poll of batch) poll.reject(error);
    }
  }
}

const MAX_BATCH = 500;

/**
 * At most `limit` registrations of a process read their initial state at once; the rest wait in
 * line (first come, first served) instead of being refused. After a Redis restart every client of
 * a replica gets BAD_EVENT_QUEUE_ID and registers again within a second or two; without a bound,
 * 2,000 snapshots would queue for the database pool (10 connections) and each would hold its
 * queue, its request and its half-built state in memory meanwhile, and the pool's acquire timeout
 * would turn the tail into errors. REGISTER_CONCURRENCY sets the limit.
 */
export class RegisterSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Registrations waiting for a slot now (metrics, tests). */
  get queued(): number {
    return this.waiting.length;
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line, so `active` never drops below the limit while some wait.
    if (next) next();
    else this.active--;
  }
}

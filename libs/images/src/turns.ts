/**
 * A counting semaphore with a bounded queue: at most `slots` jobs run at once, at most `queueMax`
 * wait, and one more is refused at once rather than left to pile up.
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly queueMax: number,
  ) {}

  /** Runs `job` in its turn; `refuse` is thrown (synchronously decided) when the queue is full. */
  async run<T>(job: () => Promise<T>, refuse: () => Error): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.queueMax) throw refuse();
      // release() hands its slot straight to the first waiting job, so running never passes slots.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Jobs running or waiting. */
  get inFlight(): number {
    return this.running + this.waiting.length;
  }
}

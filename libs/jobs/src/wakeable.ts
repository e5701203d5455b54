/** A sleep that ends early at wake(): a poller that new work can interrupt. */
export class Wakeable {
  private wakeUp: (() => void) | null = null;
  private pending = false;

  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  /** Sleeps up to `ms`, or not at all if woken since the last sleep. */
  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

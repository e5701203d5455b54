/**
 * PGlite off the main thread. PostgreSQL compiled to WASM runs synchronously on whichever thread
 * calls it, and on the main thread it took a large share of each request's time; here a worker
 * thread owns the instance (./pglite-worker-task.ts) and PgliteThread stands in for it: the few
 * members knex-pglite and pgliteDatabase use, each a message to the worker (./pglite-protocol.ts).
 * Statements reach the worker in the order they were issued and run there one at a time, so the
 * single connection keeps its meaning: knex's BEGIN ... COMMIT stay one transaction.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { rebuildError } from './pglite-errors';
import type { PgliteOperation, PgliteOperations, PgliteRequest, PgliteWorkerData, PgliteWorkerMessage } from './pglite-protocol';

/** What knex-pglite and pgliteDatabase use of a PGlite instance: PGlite has it, and so has PgliteThread. */
export interface PgliteConnection {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /** Resolves once LISTEN ran; the function it gives unsubscribes. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PgliteThreadOptions extends PgliteWorkerData {
  /** The worker module; by default found beside this code (see defaultWorkerFile). */
  workerFile?: string | URL;
}

/**
 * From source (tsx, jest) this module is pglite-thread.ts and the worker is ./pglite-worker.cjs,
 * which compiles the task module with tsx. In the production build this module is inlined into
 * dist/<process>.js, and deploy/build.ts writes the bundled task module beside it.
 */
function defaultWorkerFile(): string {
  return __filename.endsWith('.ts') ? join(__dirname, 'pglite-worker.cjs') : join(__dirname, 'pglite-worker.js');
}

interface Pending {
  resolve(result: unknown): void;
  reject(err: Error): void;
}

export class PgliteThread implements PgliteConnection {
  /** Starts the worker; resolves once PGlite has opened the database there. */
  static async start(options: PgliteThreadOptions = {}): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.waitReady;
    } catch (err) {
      await thread.close().catch(() => undefined);
      throw err;
    }
    return thread;
  }

  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly subscribers = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private nextSubscription = 1;
  /** Settles waitReady: when the worker has opened the database, or could not. */
  private starting: Pending | undefined;
  /** Requests and the start not yet answered: the thread keeps the process alive only while some are. */
  private inFlight = 1;
  /** Why nothing more can be asked: close() was called, or the thread stopped. */
  private stopped: { reason: string; cause?: unknown } | undefined;
  private ended = false;
  private closing: Promise<void> | undefined;

  private constructor(options: PgliteThreadOptions) {
    const { workerFile, dataDir, loadDataDir } = options;
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.starting = { resolve: () => resolve(), reject };
    });
    const workerData: PgliteWorkerData = { dataDir, loadDataDir };
    this.worker = new Worker(workerFile ?? defaultWorkerFile(), { workerData, name: 'pglite' });
    this.worker.on('message', (message: PgliteWorkerMessage) => this.receive(message));
    this.worker.on('error', (err) => this.stop(`PGlite's worker thread failed: ${err.message}`, err));
    this.worker.on('exit', (code) => {
      this.ended = true;
      this.stop(`PGlite's worker thread exited (code ${code})`);
    });
  }

  /** True once the thread has ended (closed, or stopped by a failure). */
  get closed(): boolean {
    return this.ended;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call('query', { sql, params, options }) as Promise<Results<T>>;
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const subscription = this.nextSubscription++;
    this.subscribers.set(subscription, onNotify);
    try {
      await this.call('listen', { channel, subscription });
    } catch (err) {
      this.subscribers.delete(subscription);
      throw err;
    }
    return async () => {
      if (this.subscribers.delete(subscription)) await this.call('unlisten', { subscription });
    };
  }

  /** The database as an image PGlite opens again (`loadDataDir`), uncompressed. */
  dumpDataDir(): Promise<Blob> {
    return this.call('dumpDataDir', {});
  }

  /** Closes PGlite after the requests already sent, then ends the thread; later requests fail. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const closed = this.stopped ? null : this.call('close', {});
    this.stopped ??= { reason: 'PGlite is closed' };
    try {
      await closed;
    } finally {
      await this.worker.terminate();
    }
  }

  private call<Op extends PgliteOperation>(op: Op, request: PgliteOperations[Op]['request']): Promise<PgliteOperations[Op]['result']> {
    if (this.stopped) return Promise.reject(this.stoppedError());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      if (this.inFlight++ === 0) this.worker.ref();
      try {
        this.worker.postMessage({ id, op, ...request } as PgliteRequest);
      } catch (err) {
        // Parameters structured clone cannot copy (a function, a class with private state).
        this.settle(id)?.reject(err as Error);
      }
    });
  }

  private receive(message: PgliteWorkerMessage): void {
    switch (message.kind) {
      case 'ready':
        this.started();
        break;
      case 'failed':
        this.started(rebuildError(message.error));
        break;
      case 'result':
        this.settle(message.id)?.resolve(message.result);
        break;
      case 'error':
        this.settle(message.id)?.reject(rebuildError(message.error));
        break;
      case 'notify':
        this.subscribers.get(message.subscription)?.(message.payload);
        break;
    }
  }

  private started(err?: Error): void {
    const starting = this.starting;
    if (!starting) return;
    this.starting = undefined;
    this.release();
    if (err) starting.reject(err);
    else starting.resolve(undefined);
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    this.release();
    return pending;
  }

  /** Idle, the thread lets the process exit, as PGlite on the main thread (no handles) did. */
  private release(): void {
    if (--this.inFlight === 0 && !this.ended) this.worker.unref();
  }

  /** Everything waiting fails now, and everything asked later fails at once. */
  private stop(reason: string, cause?: unknown): void {
    this.stopped ??= { reason, cause };
    this.started(this.stoppedError());
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(this.stoppedError());
  }

  /** A new Error each time: knex prefixes the SQL to the message of the error it is given. */
  private stoppedError(): Error {
    const { reason, cause } = this.stopped!;
    return new Error(reason, cause === undefined ? undefined : { cause });
  }
}

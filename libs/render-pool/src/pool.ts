/**
 * Markdown rendering off the event loop. Some markdown costs time quadratic in its length (10 KB
 * of `>` lines takes about half a second, 40 KB over five), and a render on the main thread
 * stalls every request of the process meanwhile. Renders run in worker threads (piscina) instead:
 *
 * - a deadline per render (RENDER_DEADLINE_MS, Zulip's 5 s), counted from the moment the worker
 *   starts it: past it the worker is terminated, so the runaway render really stops (a thread
 *   cannot be interrupted any other way), a fresh one replaces it, and the request gets Zulip's
 *   `Unable to render message` (400 BAD_REQUEST), as a renderer failure does;
 * - renders running per user (RENDER_PER_USER_IN_FLIGHT), so one user's slow renders cannot take
 *   every thread while everyone else's sends wait: the user's further renders wait for one of
 *   theirs to end (a bot's burst of webhook posts is served in turn), and past
 *   RENDER_PER_USER_WAITING of those, Zulip's rate-limit 429;
 * - a bounded queue (RENDER_QUEUE_MAX) of renders waiting for a thread: past it, 503.
 *
 * One pool per process: in the embedded topology every service renders through the same one.
 */
import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { Config } from '@chat/config';
import { ApiError, badRequest } from '@chat/errors';
import { rateLimitedError } from '@chat/http';
import type { Logger } from '@chat/log';
import type { MarkdownContext, RenderResult } from '@chat/markdown';
import { epochMs } from './clock';
import type { RenderTask } from './render-task';

/** What the services render through: the pool, or a stand-in in tests. */
export interface Renderer {
  /**
   * Renders `content` for the request of `userId` (the per-user limits count by it). Throws an
   * ApiError: 400 `Unable to render message` past the deadline or when the renderer fails, 429
   * past the user's renders waiting for their turn, 503 when the queue is full.
   */
  render(userId: number, content: string, context?: MarkdownContext): Promise<RenderResult>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  deadlineMs: number;
  threads: number;
  /** Renders waiting for a thread; one more is refused. */
  queueMax: number;
  /** Renders one user may have running; 0: no per-user limits. */
  perUserInFlight: number;
  /** Renders of one user waiting for one of theirs to end; one more is refused (429). */
  perUserWaiting: number;
  logger?: Logger;
  /** The worker module; by default found beside this code (see defaultWorkerFile). */
  workerFile?: string;
}

export function renderPoolOptions(config: Config): RenderPoolOptions {
  return {
    deadlineMs: config.renderDeadlineMs,
    threads: config.renderThreads,
    queueMax: config.renderQueueMax,
    perUserInFlight: config.renderPerUserInFlight,
    perUserWaiting: config.renderPerUserWaiting,
  };
}

/**
 * From source (tsx, jest) this module is pool.ts and the worker is ./worker.cjs, which compiles
 * the task module with tsx. In the production build this module is inlined into
 * dist/<process>.js, and deploy/build.ts writes the bundled task module beside it.
 */
function defaultWorkerFile(): string {
  return __filename.endsWith('.ts') ? join(__dirname, 'worker.cjs') : join(__dirname, 'render-worker.js');
}

/** 503: not the caller's doing, so not the rate-limit answer; clients may retry after a render's worth. */
function queueFull(deadlineMs: number): ApiError {
  const seconds = deadlineMs / 1000;
  return new ApiError('The server is busy rendering messages; try again later', {
    status: 503,
    extra: { 'retry-after': seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}

/** One user's renders: how many run, and the turns of those waiting for one of them to end. */
interface UserTurns {
  running: number;
  waiting: (() => void)[];
}

export class RenderPool implements Renderer {
  private readonly pool: Piscina<RenderTask, RenderResult>;
  private readonly users = new Map<number, UserTurns>();
  private total = 0;

  constructor(private readonly options: RenderPoolOptions) {
    this.pool = new Piscina({
      filename: options.workerFile ?? defaultWorkerFile(),
      name: 'render',
      // Every thread started now and kept: a worker loads the renderer once, not per burst.
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Counted here (queueSize), so a full queue gets its own answer rather than piscina's error.
      maxQueue: Number.POSITIVE_INFINITY,
    });
    // A worker that fails outside a task (it cannot start) is reported, not thrown at the process.
    this.pool.on('error', (err: unknown) => options.logger?.error({ err }, 'render worker failed'));
  }

  async render(userId: number, content: string, context: MarkdownContext = {}): Promise<RenderResult> {
    const { deadlineMs, queueMax } = this.options;
    if (this.pool.queueSize >= queueMax) throw queueFull(deadlineMs);
    // Synchronous when the user's turn is free, so the render reaches the pool at once.
    const turn = this.takeTurn(userId);
    this.total++;
    try {
      if (turn) await turn;
      return await this.run(userId, content, context);
    } finally {
      this.passTurn(userId);
      this.total--;
    }
  }

  /**
   * Nothing when the user may start a render now, a promise of their turn when they must wait;
   * throws the 429 past their waiting renders.
   */
  private takeTurn(userId: number): Promise<void> | undefined {
    const { perUserInFlight, perUserWaiting, deadlineMs } = this.options;
    if (perUserInFlight === 0) return undefined;
    const user = this.users.get(userId) ?? { running: 0, waiting: [] };
    this.users.set(userId, user);
    if (user.running < perUserInFlight) {
      user.running++;
      return undefined;
    }
    // A turn frees when one of the user's renders ends: within a deadline once it runs.
    if (user.waiting.length >= perUserWaiting) throw rateLimitedError({ retryAfterMs: deadlineMs });
    // passTurn hands the ending render's place straight to the first waiting one, so no newcomer
    // can take it in between and the user never runs more than the limit.
    return new Promise<void>((resolve) => user.waiting.push(resolve));
  }

  private passTurn(userId: number): void {
    const user = this.users.get(userId);
    if (!user) return;
    const next = user.waiting.shift();
    if (next) next();
    else if (--user.running === 0) this.users.delete(userId);
  }

  private async run(userId: number, content: string, context: MarkdownContext): Promise<RenderResult> {
    const { deadlineMs } = this.options;

    const started = new Float64Array(new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT));
    const abort = new AbortController();
    // Armed for a full deadline at once (no render ends sooner), then re-armed for what is left of
    // it after the start the worker wrote, or for another deadline while the task still waits.
    const check = () => {
      const began = started[0]!;
      const left = began === 0 ? deadlineMs : began + deadlineMs - epochMs();
      if (left <= 0) abort.abort();
      else timer = setTimeout(check, left);
    };
    let timer = setTimeout(check, deadlineMs);
    try {
      return await this.pool.run({ content, context, started }, { signal: abort.signal });
    } catch (err) {
      if (abort.signal.aborted) {
        this.options.logger?.warn({ deadlineMs, length: content.length, userId }, 'render passed its deadline; worker terminated');
      } else {
        this.options.logger?.error({ err, length: content.length, userId }, 'render failed');
      }
      // Zulip's render_incoming_message turns a renderer failure into this error, not a 500.
      throw badRequest('Unable to render message');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Renders waiting for a thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Renders waiting or running. */
  get inFlight(): number {
    return this.total;
  }

  /** Terminates the workers; renders still queued or running fail. */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  return new RenderPool(options);
}

/**
 * Markdown rendering off the event loop. Some markdown costs time quadratic in its length (10 KB
 * of `>` lines takes about half a second, 40 KB over five), and a render on the main thread
 * stalls every request of the process meanwhile. Renders run in worker threads (piscina) instead:
 *
 * - a deadline per render (RENDER_DEADLINE_MS, Zulip's 5 s), counted from the moment the worker
 *   starts it: past it the worker is terminated, so the runaway render really stops (a thread
 *   cannot be interrupted any other way), a fresh one replaces it, and the request gets Zulip's
 *   `Unable to render message` (400 BAD_REQUEST), as a renderer failure does;
 * - renders in flight per user (RENDER_PER_USER_IN_FLIGHT): past it, Zulip's rate-limit 429, so
 *   one user's slow renders cannot take every thread while everyone else's sends wait;
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
   * Renders `content` for the request of `userId` (the per-user limit counts by it). Throws an
   * ApiError: 400 `Unable to render message` past the deadline or when the renderer fails, 429
   * past the user's renders in flight, 503 when the queue is full.
   */
  render(userId: number, content: string, context?: MarkdownContext): Promise<RenderResult>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  deadlineMs: number;
  threads: number;
  /** Renders waiting for a thread; one more is refused. */
  queueMax: number;
  /** Renders one user may have waiting or running; 0: no limit. */
  perUserInFlight: number;
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

export class RenderPool implements Renderer {
  private readonly pool: Piscina<RenderTask, RenderResult>;
  /** Renders waiting or running, per user. */
  private readonly perUser = new Map<number, number>();
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
    const { deadlineMs, perUserInFlight, queueMax } = this.options;
    const mine = this.perUser.get(userId) ?? 0;
    // A slot frees when one of the user's renders ends: within a deadline once it runs.
    if (perUserInFlight > 0 && mine >= perUserInFlight) throw rateLimitedError({ retryAfterMs: deadlineMs });
    if (this.pool.queueSize >= queueMax) throw queueFull(deadlineMs);
    this.perUser.set(userId, mine + 1);
    this.total++;

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
      this.total--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
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

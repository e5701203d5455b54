/**
 * Publishes committed outbox rows to the bus.
 *
 * - One active relay per database: a session-level advisory lock on a dedicated connection (any
 *   process may hold it; if that process dies, PostgreSQL frees the lock and another takes over
 *   within LOCK_RETRY_MS). PGlite has one process, so it is always the leader there.
 * - Unsent rows are selected by `published_at IS NULL`, never by a high-water mark: ids are
 *   allocated at insert, not at commit, so a lower id can become visible after a higher one.
 * - Woken by NOTIFY at commit, with a fallback poll in case a notification is lost.
 * - The outbox id is the bus's deduplication id: a crash between publish and marking re-sends
 *   rows the bus then drops.
 * - Published rows are kept for a replay window, so events can be republished after a broker
 *   lost data, then deleted.
 */
import type { Bus, PublishItem } from '@chat/bus';
import type { Logger } from '@chat/log';
import type { Notice } from '@chat/events';
import type { Database } from './connect';
import { OUTBOX_CHANNEL } from './outbox';

/** Arbitrary constant naming the relay's advisory lock. */
const RELAY_LOCK_KEY = 727_001;
const LOCK_RETRY_MS = 2000;

export interface RelayOptions {
  db: Database;
  bus: Bus;
  logger: Logger;
  /** Rows per publish batch; JetStream publishes are pipelined within a batch. */
  batchSize?: number;
  /** Fallback poll; NOTIFY normally wakes the relay within a millisecond. */
  pollMs?: number;
  /** How long published rows stay for replay. */
  retentionMs?: number;
}

export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly retentionMs: number;
  private running = false;
  private wake: (() => void) | null = null;
  private pending = false;
  private loop: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private lastCleanup = 0;
  /** Rows published since start; read by tests and the bench. */
  published = 0;

  constructor(private readonly options: RelayOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.pollMs = options.pollMs ?? 250;
    this.retentionMs = options.retentionMs ?? 60 * 60 * 1000;
  }

  async start(): Promise<void> {
    this.running = true;
    this.unlisten = await this.options.db.listen(OUTBOX_CHANNEL, () => this.poke());
    this.loop = this.run();
  }

  /** Wakes the relay (NOTIFY, or an in-process writer that just committed). */
  poke(): void {
    this.pending = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loop;
    await this.unlisten?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let session;
      try {
        session = await this.options.db.dedicatedSession();
      } catch (err) {
        this.options.logger.warn({ err }, 'outbox relay: no database session; retrying');
        await this.sleep(LOCK_RETRY_MS, false);
        continue;
      }
      if (session === null) {
        await this.publishWhileLeader(() => true);
        return;
      }
      let alive = true;
      session.on('end', () => (alive = false));
      session.on('error', () => (alive = false));
      try {
        while (this.running && alive) {
          const { rows } = await session.query('SELECT pg_try_advisory_lock($1) AS locked', [RELAY_LOCK_KEY]);
          if (rows[0]?.locked) {
            this.options.logger.info('outbox relay: this process is the active relay');
            await this.publishWhileLeader(() => alive);
            break;
          }
          await this.sleep(LOCK_RETRY_MS, false);
        }
      } catch (err) {
        this.options.logger.warn({ err }, 'outbox relay: lost its database session');
      } finally {
        // Ending the session releases the advisory lock for the next relay.
        await session.end().catch(() => undefined);
      }
    }
  }

  private async publishWhileLeader(isAlive: () => boolean): Promise<void> {
    while (this.running && isAlive()) {
      this.pending = false;
      let drained = false;
      try {
        drained = (await this.publishBatch()) < this.batchSize;
        await this.cleanUp();
      } catch (err) {
        this.options.logger.error({ err }, 'outbox relay: publish failed; retrying');
        await this.sleep(500, false);
        continue;
      }
      if (drained && !this.pending) await this.sleep(this.pollMs, true);
    }
  }

  /** Publishes one batch of unsent rows; returns how many there were. */
  async publishBatch(): Promise<number> {
    const { knex } = this.options.db;
    const rows: {
      id: number;
      partition_key: number;
      tx_id: number;
      payload: Notice | string;
      created_at: Date | string;
      request_id: string | null;
    }[] = await knex('outbox')
      .select('id', 'partition_key', 'tx_id', 'payload', 'created_at', 'request_id')
      .whereNull('published_at')
      .orderBy('id')
      .limit(this.batchSize);
    if (rows.length === 0) return 0;
    const items: PublishItem[] = rows.map((row) => ({
      id: String(row.id),
      partitionKey: row.partition_key,
      payload: {
        outboxId: String(row.id),
        txId: Number(row.tx_id),
        committedAt: new Date(row.created_at).getTime(),
        ...(row.request_id ? { requestId: row.request_id } : {}),
        notice: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Notice) : row.payload,
      },
    }));
    await this.options.bus.publish(items);
    await knex('outbox')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ published_at: knex.fn.now() });
    this.published += rows.length;
    return rows.length;
  }

  private async cleanUp(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    const cutoff = new Date(now - this.retentionMs);
    await this.options.db.knex('outbox').where('published_at', '<', cutoff).delete();
  }

  /** Sleeps; `wakeable` sleeps also end at a poke (new rows), every sleep ends at stop(). */
  private sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = () => {
        if (wakeable || !this.running) done();
      };
    });
  }
}

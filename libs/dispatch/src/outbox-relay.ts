/**
 * Publishes committed outbox rows to the bus.
 *
 * - One active relay per database: a session-level advisory lock on a dedicated connection (any
 *   process may hold it; if that process dies, PostgreSQL frees the lock and another takes over
 *   within LOCK_RETRY_MS). PGlite has one process, so it is always the leader there.
 * - Unsent rows are selected by `published_at IS NULL`, never by a high-water mark: ids are
 *   allocated at insert, not at commit, so a lower id can become visible after a higher one.
 * - Woken by NOTIFY at commit, with a fallback poll in case a notification is lost.
 * - One statement per batch (./outbox-claim.ts): it marks the batch before published and claims
 *   the next; the last batch's marks go with an empty claim within MARK_DELAY_MS, or at stop.
 * - The outbox id is the bus's deduplication id: a crash between publish and marking re-sends
 *   rows the bus then drops.
 * - Each row gets a bus position (bus_pos, one sequence) before its first publish, in publish
 *   order; consumers skip positions they already applied, so a republished row never repeats.
 * - Published rows are kept for a replay window (retentionMs), then deleted. When the bus reports
 *   that the broker lost acknowledged records (BusLossError), or at leadership the stream turns
 *   out younger than rows published to it, the window's rows are marked unpublished again and go
 *   out first, in position order, before anything newer (docs/architecture.md, "Replay").
 */
import { BusLossError, type Bus, type PublishItem } from '@chat/bus';
import type { Knex } from 'knex';
import type { Logger } from '@chat/log';
import type { Notice } from '@chat/events';
import { OUTBOX_CHANNEL, type Database } from '@chat/db';
import { claimBatch } from './outbox-claim';

/** Arbitrary constant naming the relay's advisory lock. */
const RELAY_LOCK_KEY = 727_001;
const LOCK_RETRY_MS = 2000;
/** How long marks wait for the next batch to carry them before an empty batch is run for them. */
const MARK_DELAY_MS = 50;

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
  /** Rows the last batch published, marked by the next batch's statement. */
  private marksDue: number[] = [];
  /** Rows published since start; read by tests and the bench. */
  published = 0;
  /** Rows marked for replay since start (after the broker lost records). */
  replayed = 0;

  constructor(private readonly options: RelayOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.pollMs = options.pollMs ?? 250;
    this.retentionMs = options.retentionMs ?? 60 * 60 * 1000;
  }

  async start(): Promise<void> {
    this.running = true;
    // After a dropped LISTEN connection is back, rows committed meanwhile are looked for at once.
    const wake = () => this.poke();
    this.unlisten = await this.options.db.listen(OUTBOX_CHANNEL, wake, { logger: this.options.logger, onReconnect: wake });
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
    let checkedStream = false;
    while (this.running && isAlive()) {
      this.pending = false;
      let drained = false;
      try {
        // The previous leader may have published to a stream the broker has lost since.
        if (!checkedStream) await this.replayIfStreamIsYounger();
        checkedStream = true;
        drained = (await this.publishBatch()) < this.batchSize;
        await this.cleanUp();
      } catch (err) {
        if (err instanceof BusLossError) {
          // What was published before may be what the broker lost: replayed, not marked.
          this.marksDue = [];
          await this.replayLostWindow(err).catch((e: unknown) => this.options.logger.error({ err: e }, 'outbox relay: replay failed'));
          continue;
        }
        this.options.logger.error({ err }, 'outbox relay: publish failed; retrying');
        await this.sleep(500, false);
        continue;
      }
      // Marks due ride on the next batch's statement; when none comes soon, an empty batch takes them.
      if (drained && !this.pending) await this.sleep(this.marksDue.length > 0 ? Math.min(MARK_DELAY_MS, this.pollMs) : this.pollMs, true);
    }
    await this.markPublished();
  }

  /**
   * Publishes one batch of unsent rows, replayed ones first in position order; returns how many.
   * One statement per batch: it marks the batch published before (./outbox-claim.ts), then selects
   * and numbers this one. A row published but not yet marked when the process dies goes out again
   * from the next leader, which the bus drops (the outbox id is its dedup id) and the queues skip
   * (its position is kept).
   */
  async publishBatch(): Promise<number> {
    const { knex } = this.options.db;
    const rows = await claimBatch(knex, this.marksDue, this.batchSize);
    this.marksDue = [];
    if (rows.length === 0) return 0;
    const items: PublishItem[] = rows.map((row) => ({
      id: String(row.id),
      partitionKey: row.partition_key,
      position: Number(row.bus_pos),
      payload: {
        outboxId: String(row.id),
        txId: Number(row.tx_id),
        committedAt: new Date(row.created_at).getTime(),
        ...(row.request_id ? { requestId: row.request_id } : {}),
        notice: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Notice) : row.payload,
      },
    }));
    await this.options.bus.publish(items);
    // Counted as soon as the bus has them (consumers may already be handling them).
    this.published += rows.length;
    this.marksDue = rows.map((row) => Number(row.id));
    return rows.length;
  }

  /** Marks what the last batch published, when no next batch will carry the marks (stopping). */
  private async markPublished(): Promise<void> {
    const ids = this.marksDue;
    if (ids.length === 0) return;
    this.marksDue = [];
    // An empty claim: it marks them and selects nothing.
    await claimBatch(this.options.db.knex, ids, 0).catch((err: unknown) =>
      this.options.logger.warn({ err, rows: ids.length }, 'outbox relay: could not mark published rows; the next leader sends them again'),
    );
  }

  /** At leadership: rows published (within the window) before the stream began went to a stream
   * the broker lost since, while no relay was connected to notice. */
  private async replayIfStreamIsYounger(): Promise<void> {
    const startedAt = await this.options.bus.startedAt?.();
    if (!startedAt) return;
    const windowStart = new Date(Date.now() - this.retentionMs);
    const older = await this.options.db
      .knex('outbox')
      .where('published_at', '>=', windowStart)
      .andWhere('published_at', '<', startedAt)
      .first('id');
    if (older) await this.replayLostWindow(new BusLossError(`the stream began at ${startedAt.toISOString()}, after rows published to it`));
  }

  private async replayLostWindow(reason: BusLossError): Promise<void> {
    const since = new Date(Date.now() - this.retentionMs);
    const rows = await replayOutbox(this.options.db.knex, since);
    this.replayed += rows;
    this.options.logger.warn({ reason: reason.message, since, rows }, 'outbox relay: the broker lost records; replaying the window');
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

/**
 * Marks the rows published since `since` for publishing again (the operator's entry after a
 * broker lost data; see docs/operations.md "Replay"). The relay sends them before anything
 * newer, in their original order; JetStream drops what it still holds (within its duplicate
 * window) and event queues skip positions they already applied. Rows older than the relay's
 * retention are gone. Returns how many rows were marked.
 */
export async function replayOutbox(knex: Knex, since: Date): Promise<number> {
  const marked = await knex('outbox').where('published_at', '>=', since).update({ published_at: null });
  if (marked > 0) await knex.raw('SELECT pg_notify(?, ?)', [OUTBOX_CHANNEL, '']);
  return marked;
}

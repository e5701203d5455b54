import type { Logger } from '@chat/log';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { partitionOf, type Bus, type ConsumerHandle, type PublishItem, type RecordHandler } from './bus';
import { PartitionWorker } from './nats-partition-worker';
import { ensureStream, partitionSubject, type StreamSettings } from './nats-setup';
import { DEFAULT_DUPLICATE_WINDOW_MS, assertGroupName, assertPartitions } from './policy';

export interface NatsBusOptions {
  servers: string | string[];
  /** The JetStream stream; partitions are its subjects `<stream>.p.<n>`. */
  stream: string;
  partitions: number;
  /** JetStream's duplicate_window (default 2 minutes). */
  duplicateWindowMs?: number;
  /** The stream's max_age (default 24 hours): records older than this are deleted whether or not
   * every group handled them. Event queues live minutes, so a day only matters to a group that is
   * down for a day, and it bounds the disk. */
  maxAgeMs?: number;
  /** Consumers' ack_wait (default 30 s): how long a silent member keeps a record before the
   * server gives it to another. */
  ackWaitMs?: number;
  /** JetStream copies of the stream (default 1; 3 on a three-server cluster). */
  replicas?: number;
  /** Connection name shown by the server's monitoring. */
  name?: string;
  logger?: Logger;
}

/**
 * The distributed bus: one JetStream stream, one durable pull consumer per group and partition
 * (see nats-setup.ts for why each has max_ack_pending 1, and nats-partition-worker.ts for the
 * pull loop). Semantics are those in bus.ts, checked by the contract suite.
 */
export class NatsBus implements Bus {
  private readonly workers = new Set<PartitionWorker>();
  private streamReady = true;
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly settings: StreamSettings & { ackWaitMs: number; partitions: number },
    private readonly logger?: Logger,
  ) {}

  get partitions(): number {
    return this.settings.partitions;
  }

  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    assertPartitions(options.partitions);
    const nc = await connect({
      servers: options.servers,
      name: options.name,
      // Never give up on a restarting server: the process stays up and resumes when it is back.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    });
    try {
      const jsm = await jetstreamManager(nc);
      const settings = {
        stream: options.stream,
        partitions: options.partitions,
        duplicateWindowMs: options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS,
        maxAgeMs: options.maxAgeMs ?? 24 * 60 * 60_000,
        ackWaitMs: options.ackWaitMs ?? 30_000,
        replicas: options.replicas ?? 1,
      };
      await ensureStream(jsm, settings);
      const bus = new NatsBus(nc, jetstream(nc), jsm, settings, options.logger);
      bus.logStatus();
      return bus;
    } catch (err) {
      await nc.close();
      throw err;
    }
  }

  /** Pipelined: every record is sent before the first ack is awaited, so a batch costs about one
   * round trip, not one per record. Resolves once the server has stored (or, for an id seen within
   * duplicate_window, dropped) every record; rejects if any failed, and the caller retries the
   * batch, deduplication making that safe. */
  async publish(items: PublishItem[]): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    if (!this.streamReady) {
      await ensureStream(this.jsm, this.settings);
      this.streamReady = true;
    }
    const acks = items.map((item) => {
      const subject = partitionSubject(this.settings.stream, partitionOf(item.partitionKey, this.partitions));
      return this.js.publish(subject, JSON.stringify(item.payload), { msgID: item.id });
    });
    const results = await Promise.allSettled(acks);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      // The stream may be gone (a server that lost its storage; the client then reports "no
      // responders" as "jetstream is not enabled"), so check it, recreating it if need be, before
      // the caller's retry: one cheap request, and only after a failure.
      this.streamReady = false;
      throw failed.reason;
    }
  }

  async consume(group: string, handler: RecordHandler): Promise<ConsumerHandle> {
    if (this.closed) throw new Error('bus closed');
    assertGroupName(group);
    const workers = Array.from(
      { length: this.partitions },
      (_, partition) =>
        new PartitionWorker({
          js: this.js,
          jsm: this.jsm,
          stream: this.settings.stream,
          group,
          partition,
          ackWaitMs: this.settings.ackWaitMs,
          handler,
          logger: this.logger,
        }),
    );
    const stop = async (): Promise<void> => {
      await Promise.all(workers.map((w) => w.stop()));
      for (const w of workers) this.workers.delete(w);
    };
    for (const w of workers) this.workers.add(w);
    // In parallel: one consumer-create round trip for all partitions instead of one each.
    const started = await Promise.allSettled(workers.map((w) => w.start()));
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await stop();
      throw failed.reason;
    }
    return { stop };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.workers].map((w) => w.stop()));
    this.workers.clear();
    // drain() flushes the acks and publishes still buffered, then closes.
    await this.nc.drain();
  }

  private logStatus(): void {
    void (async () => {
      for await (const s of this.nc.status()) {
        if (s.type === 'disconnect') this.logger?.warn({ server: s.server }, 'nats disconnected');
        else if (s.type === 'reconnect') this.logger?.info({ server: s.server }, 'nats reconnected');
        else if (s.type === 'error') this.logger?.error({ err: s.error }, 'nats error');
      }
    })().catch(() => undefined);
  }
}

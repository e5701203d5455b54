import type { Logger } from '@chat/log';
import { connect } from '@nats-io/transport-node';
import { headers, type NatsConnection } from '@nats-io/nats-core';
import { PubHeaders, jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager, type StreamInfo } from '@nats-io/jetstream';
import { BusLossError, partitionOf, type Bus, type ConsumerHandle, type PublishItem, type RecordHandler } from './bus';
import { PartitionWorker } from './nats-partition-worker';
import { POSITION_HEADER, ensureStream, partitionSubject, type StreamSettings } from './nats-setup';
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
  /**
   * This bus is the stream's only publisher (the outbox relay's): each record then expects the
   * one before it to be the stream's last (Nats-Expected-Last-Msg-Id), so nothing, not even a
   * publish the client buffered while the broker was down, lands in a stream that lost records
   * before the loss is reported (BusLossError) and the relay has replayed. Off for tests in which
   * several buses publish to one stream.
   */
  exclusivePublisher?: boolean;
  logger?: Logger;
}

/**
 * The distributed bus: one JetStream stream, one durable pull consumer per group and partition
 * (see nats-setup.ts for why each has max_ack_pending 1, and nats-partition-worker.ts for the
 * pull loop). Semantics are those in bus.ts, checked by the contract suite.
 */
export class NatsBus implements Bus {
  private readonly workers = new Set<PartitionWorker>();
  /** The stream as last verified: a different creation time, or a last sequence below what the
   * server acknowledged to us, means the broker lost records. */
  private stream: { created: string; lastSeq: number; lastId: string } = { created: '', lastSeq: 0, lastId: '' };
  /** Set after a failed publish or a reconnect: verify the stream before the next publish. */
  private verifyBeforePublish = false;
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly settings: StreamSettings & { ackWaitMs: number; partitions: number; exclusivePublisher: boolean },
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
        exclusivePublisher: options.exclusivePublisher ?? false,
      };
      const bus = new NatsBus(nc, jetstream(nc), jsm, settings, options.logger);
      await bus.remember(await ensureStream(jsm, settings));
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
   * batch, deduplication making that safe. Rejects with BusLossError, once, when the broker lost
   * records it had acknowledged. */
  async publish(items: PublishItem[]): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    if (this.verifyBeforePublish) await this.verifyStream();
    const acks = items.map((item, i) => {
      const subject = partitionSubject(this.settings.stream, partitionOf(item.partitionKey, this.partitions));
      const h = headers();
      if (item.position !== undefined) h.set(POSITION_HEADER, String(item.position));
      // Duplicates are dropped before this check, so a retried batch passes it.
      const lastMsgID = i === 0 ? this.stream.lastId : items[i - 1]!.id;
      const expect = this.settings.exclusivePublisher && lastMsgID ? { expect: { lastMsgID } } : {};
      return this.js.publish(subject, JSON.stringify(item.payload), { msgID: item.id, headers: h, ...expect });
    });
    const results = await Promise.allSettled(acks);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      // The stream may be gone (a server that lost its storage; the client then reports "no
      // responders" as "jetstream is not enabled") or shorter: check before the caller's retry.
      this.verifyBeforePublish = true;
      throw failed.reason;
    }
    for (const r of results) if (r.status === 'fulfilled') this.stream.lastSeq = Math.max(this.stream.lastSeq, r.value.seq);
    if (items.length > 0) this.stream.lastId = items[items.length - 1]!.id;
  }

  /** Verifies the stream first: a relay that just became leader calls it, and another process
   * may have published since this one connected (the chain needs the stream's real last id). */
  async startedAt(): Promise<Date> {
    await this.verifyStream();
    return new Date(this.stream.created);
  }

  /** Ensures the stream (re-creating a lost one) and compares it with what this bus knew. */
  private async verifyStream(): Promise<void> {
    const info = await ensureStream(this.jsm, this.settings);
    const known = this.stream;
    await this.remember(info);
    this.verifyBeforePublish = false;
    if (known.created && info.created !== known.created) {
      throw new BusLossError(`stream ${this.settings.stream} was created again (${known.created} -> ${info.created})`);
    }
    if (info.state.last_seq < known.lastSeq) {
      throw new BusLossError(`stream ${this.settings.stream} ends at ${info.state.last_seq}, it had acknowledged ${known.lastSeq}`);
    }
  }

  private async remember(info: StreamInfo): Promise<void> {
    const lastSeq = info.state.last_seq;
    let lastId = '';
    if (lastSeq > 0 && this.settings.exclusivePublisher) {
      const last = await this.jsm.streams.getMessage(this.settings.stream, { seq: lastSeq }).catch(() => null);
      lastId = last?.header.get(PubHeaders.MsgIdHdr) ?? '';
    }
    this.stream = { created: info.created, lastSeq, lastId };
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
        else if (s.type === 'reconnect') {
          // The server may have come back without its storage: check before publishing again.
          this.verifyBeforePublish = true;
          for (const worker of this.workers) worker.restartPull();
          this.logger?.info({ server: s.server }, 'nats reconnected');
        } else if (s.type === 'error') this.logger?.error({ err: s.error }, 'nats error');
      }
    })().catch(() => undefined);
  }
}

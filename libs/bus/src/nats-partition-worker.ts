import type { Logger } from '@chat/log';
import type { BusEvent } from '@chat/events';
import { PubHeaders, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import type { BusRecord, RecordHandler } from './bus';
import { POSITION_HEADER, consumerName, ensureConsumer } from './nats-setup';
import { redeliveryDelayMs } from './policy';

export interface WorkerSettings {
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  group: string;
  partition: number;
  ackWaitMs: number;
  handler: RecordHandler;
  logger?: Logger;
}

/** Restart backoff after the pull loop fails (NATS down, consumer lost): 250 ms doubling to 5 s,
 * so a restarted server is picked up within seconds without hammering a dead one. */
function restartDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** Math.min(attempt, 5), 5_000);
}

/**
 * This process's member of one group on one partition: a pull loop on the durable consumer
 * `<group>-p<partition>`. Several processes run the same loop on the same consumer; the
 * consumer's max_ack_pending of 1 makes the server hand each record to one of them at a time.
 */
export class PartitionWorker {
  private messages?: ConsumerMessages;
  private stopping = false;
  private wakeFromBackoff?: () => void;
  private loop?: Promise<void>;

  constructor(private readonly s: WorkerSettings) {}

  /** Ensures the durable consumer (errors reach the caller of consume()), then starts pulling. */
  async start(): Promise<void> {
    await ensureConsumer(this.s.jsm, this.s);
    this.loop = this.run();
  }

  /**
   * After the connection came back: end this pull so run() re-creates it. The client's own
   * recovery asks for the consumer once and, if the server's JetStream is still starting, waits
   * a whole pull expiry (30 s) before asking again; run() retries within seconds, and re-creates
   * a consumer the server lost with its storage.
   */
  restartPull(): void {
    this.messages?.stop();
  }

  /** Ends the pull, then waits for the record in hand to be handled and acked. */
  async stop(): Promise<void> {
    this.stopping = true;
    // Unsubscribing before the in-flight record is acked means the server, when it sees the ack,
    // finds no pull of ours waiting and hands the next record to another member at once.
    this.messages?.stop();
    this.wakeFromBackoff?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    for (let attempt = 0; !this.stopping; attempt++) {
      try {
        if (attempt > 0) await ensureConsumer(this.s.jsm, this.s); // the server may have lost it
        const consumer = await this.s.js.consumers.get(this.s.stream, consumerName(this.s.group, this.s.partition));
        // consume() keeps a pull request waiting on the server (re-issued as it expires, every
        // 30 s by default), so an idle member gets a new record as soon as it is stored, without
        // polling. Batches are moot at max_ack_pending 1; 10 only saves re-pull messages.
        const messages = await consumer.consume({ max_messages: 10 });
        this.messages = messages;
        if (this.stopping) messages.stop();
        this.watch(messages);
        for await (const msg of messages) {
          attempt = 0;
          await this.handle(msg);
        }
        if (this.stopping) return;
        this.s.logger?.warn({ consumer: consumerName(this.s.group, this.s.partition) }, 'bus pull ended, restarting');
      } catch (err) {
        if (this.stopping) return;
        this.s.logger?.warn({ err, consumer: consumerName(this.s.group, this.s.partition) }, 'bus pull failed, restarting');
      }
      await this.backoff(restartDelayMs(attempt));
    }
  }

  /** The client recovers from disconnects itself; a consumer or stream that vanished (deleted,
   * or lost with a server's storage) it only reports, so end the pull and let run() recreate it. */
  private watch(messages: ConsumerMessages): void {
    void (async () => {
      for await (const status of messages.status()) {
        if (status.type === 'consumer_deleted' || status.type === 'consumer_not_found' || status.type === 'stream_not_found') {
          this.s.logger?.warn({ status: status.type, consumer: consumerName(this.s.group, this.s.partition) }, 'bus consumer lost');
          messages.stop();
          return;
        }
      }
    })().catch(() => undefined);
  }

  private async handle(msg: JsMsg): Promise<void> {
    if (this.stopping) {
      // Arrived after stop(): give it straight back so another member takes it without waiting
      // for ack_wait (a redelivery, so its count goes up; harmless).
      msg.nak();
      return;
    }
    let record: BusRecord;
    try {
      record = toRecord(msg, this.s.partition);
    } catch (err) {
      // Not JSON: no replica can ever handle it, and it would block the partition forever.
      this.s.logger?.error({ err, seq: msg.seq }, 'bus record unreadable, dropping it');
      msg.term();
      return;
    }
    // Tell the server the handler is alive so ack_wait only catches dead members (a third of
    // ack_wait leaves two chances for the progress message to arrive).
    const heartbeat = setInterval(() => msg.working(), Math.max(1_000, this.s.ackWaitMs / 3));
    try {
      await this.s.handler(record);
    } catch (err) {
      const delayMs = redeliveryDelayMs(record.redeliveries);
      this.s.logger?.warn({ err, seq: record.seq, partition: record.partition, delayMs }, 'bus handler failed, redelivering');
      // The nak'ed record stays pending (max_ack_pending 1), so it comes back before the next.
      msg.nak(delayMs);
      return;
    } finally {
      clearInterval(heartbeat);
    }
    // Fire and forget: the server hands this partition's next record to nobody until it sees the
    // ack, so waiting for its confirmation (ackAck) would buy no ordering, only a round trip per
    // record (measured: ~25% fewer records/s on one partition). A lost ack (connection dropped)
    // means a redelivery after ack_wait, which consumers skip by position.
    msg.ack();
  }

  private backoff(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeFromBackoff = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function toRecord(msg: JsMsg, partition: number): BusRecord {
  const position = msg.headers?.get(POSITION_HEADER);
  return {
    id: msg.headers?.get(PubHeaders.MsgIdHdr) ?? '',
    partition,
    seq: msg.seq,
    ...(position ? { position: Number(position) } : {}),
    payload: msg.json<BusEvent>(),
    redeliveries: msg.info.deliveryCount - 1,
  };
}

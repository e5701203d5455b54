import { nanos } from '@nats-io/nats-core';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamManager,
  type StreamConfig,
  type StreamInfo,
} from '@nats-io/jetstream';

/**
 * Stream and consumer definitions, ensured idempotently by every process at start-up (any
 * replica may be first). Only features of nats-server 2.9 are used: one filter subject per
 * consumer, no per-message TTL.
 */

export function partitionSubject(stream: string, partition: number): string {
  return `${stream}.p.${partition}`;
}

export function consumerName(group: string, partition: number): string {
  return `${group}-p${partition}`;
}

export interface StreamSettings {
  stream: string;
  duplicateWindowMs: number;
  maxAgeMs: number;
  /** Copies JetStream keeps (1 on a single server; 3 on a three-server cluster survives a lost node). */
  replicas: number;
}

/** The header carrying PublishItem.position to consumers. */
export const POSITION_HEADER = 'Chat-Position';

/** Creates the stream if it is missing, updates what may change; returns its info (creation time,
 * last sequence), with which the bus notices a stream that was lost and created again. */
export async function ensureStream(jsm: JetStreamManager, s: StreamSettings): Promise<StreamInfo> {
  const config: Partial<StreamConfig> & { name: string } = {
    name: s.stream,
    // One wildcard covers every partition, so changing the partition count needs no update.
    subjects: [`${s.stream}.p.*`],
    storage: StorageType.File,
    num_replicas: s.replicas,
    // Limits, not Interest: an interest stream drops records published while a group has no
    // consumer yet, and groups must see records published before their first member joined.
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: nanos(s.maxAgeMs),
    duplicate_window: nanos(s.duplicateWindowMs),
  };
  try {
    await jsm.streams.info(s.stream);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      return await jsm.streams.add(config);
    } catch (addErr) {
      // Another process created it between our info and add: fall through to the update.
      if (!/already in use/i.test(errorMessage(addErr))) throw addErr;
    }
  }
  const { name: _name, ...changes } = config;
  return jsm.streams.update(s.stream, changes);
}

export interface ConsumerSettings {
  stream: string;
  group: string;
  partition: number;
  ackWaitMs: number;
}

export async function ensureConsumer(jsm: JetStreamManager, s: ConsumerSettings): Promise<void> {
  const durable = consumerName(s.group, s.partition);
  const config: Partial<ConsumerConfig> = {
    durable_name: durable,
    filter_subject: partitionSubject(s.stream, s.partition),
    ack_policy: AckPolicy.Explicit,
    // A new group starts at the beginning of the stream, like the in-process bus.
    deliver_policy: DeliverPolicy.All,
    // The heart of the ordering guarantee: the server hands out the next record of this
    // partition only after the previous one is acked, whichever process of the group pulls, and
    // a nak'ed record stays pending, so its redelivery comes before anything after it.
    max_ack_pending: 1,
    // A handler that stalls longer than this (30 s) is presumed dead and its record goes to
    // another member; live handlers report progress (msg.working()) well within it.
    ack_wait: nanos(s.ackWaitMs),
    max_deliver: -1,
  };
  try {
    await jsm.consumers.add(s.stream, config);
  } catch (err) {
    // 2.9 refuses to recreate a durable whose config changed; update what may change.
    if (!/already exists|already in use/i.test(errorMessage(err))) throw err;
    await jsm.consumers.update(s.stream, durable, { ack_wait: config.ack_wait, max_ack_pending: 1, max_deliver: -1 });
  }
}

export function isNotFound(err: unknown): boolean {
  return /not found/i.test(errorMessage(err));
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

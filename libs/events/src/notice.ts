import type { CapabilityAudience } from './capabilities';
import type { ClientEvent } from './event-map';
import type { WireMessage } from './message';

/**
 * What a domain write puts in the outbox and the bus carries: the event and who receives it,
 * the same notice Zulip passes from Django to Tornado ({event, users}).
 *
 * Versioned: a consumer that sees a version it does not know leaves the record for a newer
 * replica instead of guessing.
 */
export const NOTICE_VERSION = 2;

/** Versions a consumer of this code delivers: version 1 is version 2 without `audience`. */
export const DELIVERABLE_NOTICE_VERSIONS: readonly number[] = [1, 2];

/** A recipient of a message with its per-user flags (mentioned, read, ...). */
export interface MessageRecipient {
  id: number;
  flags: string[];
}

export interface MessageNotice {
  v: typeof NOTICE_VERSION;
  kind: 'message';
  realmId: number;
  message: WireMessage;
  users: MessageRecipient[];
  /** A public stream's messages also reach all_public_streams and narrowed queues of the realm. */
  publicStream: boolean;
  /** The sender's queue gets local_message_id when the client supplied both. */
  senderQueueId?: string;
  localId?: string;
}

/** Any other event: sent as is to the queues of the listed users that accept its type. */
export interface UserEventNotice {
  v: typeof NOTICE_VERSION;
  kind: 'event';
  realmId: number;
  event: ClientEvent;
  userIds: number[];
  /** Only the queues that declared (or did not declare) a client capability get it. */
  audience?: CapabilityAudience;
}

export type Notice = MessageNotice | UserEventNotice;

/** A notice with the identity of the outbox row it came from. */
export interface BusEvent {
  /** The outbox row id: the bus's deduplication id. */
  outboxId: string;
  /**
   * The transaction that wrote the notice (PostgreSQL's txid_current()): /register fences a new
   * queue with the snapshot its initial state was read in, and skips what that state saw.
   */
  txId?: number;
  /** When the outbox row was written (ms since the epoch): delivery latency is measured from it. */
  committedAt?: number;
  /** The request that caused the write (x-request-id), so the event tier logs under the same id. */
  requestId?: string;
  notice: Notice;
}

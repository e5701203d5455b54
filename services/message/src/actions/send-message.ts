/**
 * Sending a message, split as Zulip does: checkSendMessage validates and checks access (throwing
 * coded errors, writing nothing); doSendMessage renders, then writes the message, the per-user
 * rows and the outbox notice in one transaction.
 *
 * Errors come in Zulip 2.1's order (behaviour notes, section 7): addressing (type, `to`, topic,
 * unknown recipients) first, then the content, then the stream name, its existence and the
 * sender's right to post, or the private recipients' state.
 */
import type { Knex } from 'knex';
import {
  alertWordsByUser,
  containsAlertWord,
  getStreamById,
  getStreamByName,
  getUserById,
  isSubscribed,
  userGroupMemberIds,
  usersWhoMuted,
  writeNotices,
  type StreamRow,
  type UserRow,
} from '@chat/db';
import type { SendTo } from '@chat/contracts';
import { ApiError, badRequest, invalidArgument, streamDoesNotExist } from '@chat/errors';
import { NOTICE_VERSION, type MessageNotice } from '@chat/events';
import type { Renderer } from '@chat/render-pool';
import { sentByHuman } from '../lib/flags';
import { checkContent, checkStreamName, checkTopic, checkTopicAllowed } from '../lib/message-text';
import { newMessageFlags } from '../lib/new-message-flags';
import { newMessageWire } from '../lib/new-message-wire';
import { privateAddress, validateRecipientUsers, type PrivateAddress } from '../lib/private-address';
import { realmStringAndLinkifiers } from '../queries/realm-filters';
import { topicsRequired } from '../queries/realm-policy';
import { lookUpRecipientUsers } from '../queries/recipients';
import { renderMessage } from '../queries/render';
import { streamRecipientsWithAlertWords } from '../queries/stream-recipients';
import { topicParticipants } from '../queries/topic-participants';
import type { SubscriberFacts } from '../lib/sent-message';
import { requestMessageWork } from './background-requests';
import { doClaimAttachments } from './claim-attachments';
import type { KeyGuard } from './idempotency';
import { insertMessageWithUserRows } from './insert-message';
import { ensurePrivateRecipientId } from './private-recipient';
import { addWidgetSubmessage } from './widget-submessage';

/** Zulip's cross-realm bots: they may post anywhere (announcement-only streams included). */
const CROSS_REALM_BOT_LOCAL_PARTS = new Set(['notification-bot', 'welcome-bot', 'emailgateway']);

export interface SendRequest {
  type: string;
  to: SendTo;
  topic: string | undefined;
  content: string;
  client: string;
  senderQueueId?: string;
  localId?: string;
  /** Whether the sender's copy starts read (feature level 236); by default a human client's does. */
  readBySender?: boolean;
  /** Notification Bot's notice that the stream was archived: allowed there, read for everyone. */
  archivedStreamNotice?: boolean;
}

interface CheckedBase {
  sender: UserRow;
  content: string;
  client: string;
  senderQueueId?: string;
  localId?: string;
  readBySender?: boolean;
  /** Every recipient's copy starts read (Zulip's limit_unread_user_ids=set()). */
  readByEveryone?: boolean;
  /** Recipients whose copy starts read: the acting user of Notification Bot's notice of their move. */
  readFor?: number[];
}

export interface CheckedStreamMessage extends CheckedBase {
  kind: 'stream';
  stream: StreamRow;
  topic: string;
}

export interface CheckedPrivateMessage extends CheckedBase {
  kind: 'private';
  address: PrivateAddress;
  /** The users `to` named, with the sender: the message's display_recipient. */
  members: UserRow[];
}

export type CheckedMessage = CheckedStreamMessage | CheckedPrivateMessage;

async function findStream(db: Knex, realmId: number, target: string | number): Promise<StreamRow> {
  // Archived streams are found, to be refused by name (checkCanPost), as Zulip refuses them.
  if (typeof target === 'number') {
    const stream = await getStreamById(db, realmId, target, { includeArchived: true });
    if (!stream) {
      throw new ApiError(`Stream with ID '${target}' does not exist`, {
        code: 'STREAM_DOES_NOT_EXIST',
        extra: { stream_id: target },
      });
    }
    return stream;
  }
  checkStreamName(target);
  const stream = await getStreamByName(db, realmId, target, { includeArchived: true });
  if (!stream) throw streamDoesNotExist(target);
  return stream;
}

function isCrossRealmBot(user: UserRow): boolean {
  return user.is_bot && CROSS_REALM_BOT_LOCAL_PARTS.has(user.email.split('@')[0]!.toLowerCase());
}

/** Zulip's validate_sender_can_write_to_stream. */
export async function checkCanPost(db: Knex, sender: UserRow, stream: StreamRow, archivedStreamNotice = false): Promise<void> {
  // Nothing but the notice of its archiving is posted to an archived stream (Zulip 10.0's wording).
  if (stream.deactivated && !archivedStreamNotice) throw badRequest(`Not authorized to send to channel '${stream.name}'`);
  if (stream.is_announcement_only && sender.role !== 'admin' && !isCrossRealmBot(sender)) {
    const owner = sender.is_bot && sender.bot_owner_id !== null ? await getUserById(db, sender.realm_id, sender.bot_owner_id) : undefined;
    if (owner?.role !== 'admin') throw badRequest('Only organization administrators can send to this stream.');
  }
  if (!stream.invite_only && sender.role !== 'guest') return;
  if (await isSubscribed(db, sender.id, stream.id)) return;
  // A bot may post where its owner is subscribed; Welcome Bot greets people in any stream.
  if (sender.is_bot && sender.bot_owner_id !== null && (await isSubscribed(db, sender.bot_owner_id, stream.id))) return;
  if (isCrossRealmBot(sender)) return;
  throw badRequest(`Not authorized to send to stream '${stream.name}'`);
}

/** Zulip's names of the two message types since feature levels 174 and 248, and their 2.1 names. */
const MESSAGE_TYPES = new Map<string, 'stream' | 'private'>([
  ['stream', 'stream'],
  ['channel', 'stream'],
  ['private', 'private'],
  ['direct', 'private'],
]);

/**
 * The `to` list a message type reads: a bare id names one stream; for private messages it stays
 * the bad value Zulip 2.1 refused (and current Zulip refuses too).
 */
function recipientList(to: SendTo, kind: 'stream' | 'private'): string[] | number[] {
  if (Array.isArray(to)) return to;
  if (kind === 'stream') return [to.bareId];
  throw invalidArgument('to', to.raw);
}

export async function checkSendMessage(db: Knex, sender: UserRow, request: SendRequest): Promise<CheckedMessage> {
  const base = {
    sender,
    client: request.client,
    senderQueueId: request.senderQueueId,
    localId: request.localId,
    readBySender: request.readBySender,
  };
  const kind = MESSAGE_TYPES.get(request.type);
  if (kind === 'stream') {
    const to = recipientList(request.to, kind);
    if (to.length > 1) throw badRequest('Cannot send to multiple streams');
    const target = to[0];
    if (target === undefined) throw badRequest('Missing stream');
    if (request.topic === undefined) throw badRequest('Missing topic');
    const topic = checkTopic(request.topic);
    if (topic === '') checkTopicAllowed(topic, await topicsRequired(db, sender.realm_id));
    const content = checkContent(request.content);
    const stream = await findStream(db, sender.realm_id, target);
    await checkCanPost(db, sender, stream, request.archivedStreamNotice);
    return { ...base, kind: 'stream', stream, topic, content, readByEveryone: request.archivedStreamNotice };
  }
  if (kind === 'private') {
    const to = recipientList(request.to, kind);
    if (to.length === 0) throw badRequest('Message must have recipients');
    const users = await lookUpRecipientUsers(db, sender.realm_id, to);
    const content = checkContent(request.content);
    validateRecipientUsers(users, sender);
    return { ...base, kind: 'private', address: privateAddress(sender, users), members: [...users, sender], content };
  }
  throw badRequest('Invalid message type');
}

/** Zulip's two-minute missed-message batch, for callers without the configured value. */
const DEFAULT_MISSED_MESSAGE_DELAY_MS = 120_000;

/**
 * Renders (in the render pool, before the transaction opens), writes the message and its per-user
 * rows, and queues its event and the background work it asks for (outgoing webhooks,
 * missed-message e-mails, due `missedMessageDelayMs` later); returns the new id. With a
 * `keyGuard` (Idempotency-Key) the key is claimed first and stored last, in the same transaction.
 */
export async function doSendMessage(
  db: Knex,
  renderer: Renderer,
  checked: CheckedMessage,
  keyGuard?: KeyGuard,
  missedMessageDelayMs = DEFAULT_MISSED_MESSAGE_DELAY_MS,
): Promise<number> {
  const { sender } = checked;
  const topic = checked.kind === 'stream' ? checked.topic : '';
  const realm = await realmStringAndLinkifiers(db, sender.realm_id);
  const rendered = await renderMessage(db, renderer, sender, checked.content, topic, realm.linkifiers);
  return db.transaction(async (trx) => {
    await keyGuard?.claim(trx);
    let recipientId: number;
    let userIds: number[];
    let alertWords: Map<number, string[]>;
    let mutedBy: Set<number>;
    let subscribers = new Map<number, SubscriberFacts>();
    if (checked.kind === 'stream') {
      recipientId = checked.stream.recipient_id;
      ({ userIds, alertWords, mutedBy, subscribers } = await streamRecipientsWithAlertWords(trx, checked.stream.id, sender.id, topic));
    } else {
      recipientId = await ensurePrivateRecipientId(trx, sender.realm_id, checked.address);
      userIds = checked.address.memberIds;
      alertWords = await alertWordsByUser(trx, userIds);
      mutedBy = await usersWhoMuted(trx, sender.id, userIds);
    }
    // @*group* mentions mention each member; alert words flag the recipients whose word appears;
    // @**topic** mentions the topic's participants, the sender among them (Zulip adds them, as
    // their message is not in the topic yet), and only in a stream.
    const mentioned = new Set([...rendered.mentionedUserIds, ...(await userGroupMemberIds(trx, rendered.mentionedUserGroupIds ?? []))]);
    const alerted = new Set([...alertWords].filter(([, words]) => containsAlertWord(checked.content, words)).map(([userId]) => userId));
    const participants =
      rendered.topicWildcardMentioned && checked.kind === 'stream'
        ? (await topicParticipants(trx, recipientId, topic)).add(sender.id)
        : new Set<number>();
    const { bits, users } = newMessageFlags(userIds, {
      senderId: sender.id,
      isPrivate: checked.kind === 'private',
      readBySender: checked.readBySender ?? sentByHuman(checked.client),
      readByEveryone: checked.readByEveryone === true,
      readFor: new Set(checked.readFor ?? []),
      mentioned,
      streamWildcard: rendered.streamWildcardMentioned,
      topicParticipants: participants,
      alerted,
      mutedBy,
    });
    const dateSent = new Date();
    const row = {
      realm_id: sender.realm_id,
      sender_id: sender.id,
      recipient_id: recipientId,
      stream_id: checked.kind === 'stream' ? checked.stream.id : null,
      subject: topic,
      content: checked.content,
      rendered_content: rendered.html,
      sending_client: checked.client,
      date_sent: dateSent,
      is_me_message: rendered.isMeMessage,
      has_link: rendered.hasLink,
      has_image: rendered.hasImage,
      has_attachment: rendered.hasAttachment,
    };
    const id = await insertMessageWithUserRows(
      trx,
      row,
      bits.map((u) => ({ userId: u.id, flags: u.flags })),
    );
    await doClaimAttachments(trx, sender, id, checked.content);
    const submessages = await addWidgetSubmessage(trx, id, sender.id, checked.content);

    const message = newMessageWire({
      id,
      sender,
      realmString: realm.stringId,
      recipientId,
      to: checked.kind === 'stream' ? { streamId: checked.stream.id, streamName: checked.stream.name } : { members: checked.members },
      topic,
      subjectLinks: rendered.subjectLinks,
      content: checked.content,
      renderedContent: rendered.html,
      dateSent,
      client: checked.client,
      isMeMessage: rendered.isMeMessage,
      submessages,
    });
    const notice: MessageNotice = {
      v: NOTICE_VERSION,
      kind: 'message',
      realmId: sender.realm_id,
      message,
      users,
      publicStream: checked.kind === 'stream' && !checked.stream.invite_only,
    };
    if (checked.senderQueueId !== undefined && checked.localId !== undefined) {
      notice.senderQueueId = checked.senderQueueId;
      notice.localId = checked.localId;
    }
    await writeNotices(trx, [notice]);
    await requestMessageWork(
      trx,
      {
        id,
        sender,
        kind: checked.kind,
        members: checked.kind === 'private' ? checked.members : [],
        users,
        mentioned,
        personallyMentioned: new Set(rendered.mentionedUserIds),
        mentionedGroupIds: rendered.mentionedUserGroupIds ?? [],
        stream: checked.kind === 'stream' ? { id: checked.stream.id, topic, subscribers } : null,
      },
      missedMessageDelayMs,
    );
    await keyGuard?.record(trx, { id });
    return id;
  });
}

/**
 * Sending a message, split as Zulip does: checkSendMessage validates and checks access (throwing
 * coded errors, writing nothing); doSendMessage writes the message, the per-user rows and the
 * outbox notice in one transaction.
 */
import type { Knex } from 'knex';
import {
  avatarUrl,
  getRealm,
  getStreamById,
  getStreamByName,
  getUserById,
  isSubscribed,
  streamSubscriberIds,
  writeNotices,
  type StreamRow,
  type UserRow,
} from '@chat/db';
import { ApiError, badRequest, streamDoesNotExist } from '@chat/errors';
import type { MessageNotice, WireMessage } from '@chat/events';
import { renderMarkdown } from '@chat/markdown';
import { flagBits, sentByHuman } from './flags';

export const MAX_MESSAGE_LENGTH = 10000;
export const MAX_TOPIC_LENGTH = 60;
const TRUNCATION_MARK = '\n[message truncated]';

export interface SendRequest {
  type: string;
  to: string[] | number[];
  topic: string | undefined;
  content: string;
  client: string;
}

export interface CheckedStreamMessage {
  sender: UserRow;
  stream: StreamRow;
  topic: string;
  content: string;
  client: string;
}

/** Topics over 60 characters keep their first 57 and "..." (Zulip's truncate_topic). */
export function truncateTopic(topic: string): string {
  const chars = [...topic];
  return chars.length > MAX_TOPIC_LENGTH ? `${chars.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...` : topic;
}

/**
 * Content over 10000 bytes is cut at a character boundary and marked, so what is stored is at most
 * 10000 bytes (Zulip counts characters; the spec's limit is in bytes).
 */
export function truncateContent(content: string): string {
  if (Buffer.byteLength(content, 'utf8') <= MAX_MESSAGE_LENGTH) return content;
  const budget = MAX_MESSAGE_LENGTH - Buffer.byteLength(TRUNCATION_MARK, 'utf8');
  let bytes = 0;
  let kept = '';
  for (const char of content) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > budget) break;
    kept += char;
  }
  return kept + TRUNCATION_MARK;
}

function checkContent(raw: string): string {
  const content = raw.trimEnd();
  if (content === '') throw badRequest('Message must not be empty');
  if (content.includes('\x00')) throw badRequest('Message must not contain null bytes');
  return truncateContent(content);
}

function checkTopic(raw: string | undefined): string {
  if (raw === undefined) throw badRequest('Missing topic');
  const topic = raw.trim();
  if (topic === '') throw badRequest("Topic can't be empty");
  return truncateTopic(topic);
}

async function findStream(db: Knex, realmId: number, to: string[] | number[]): Promise<StreamRow> {
  if (to.length > 1) throw badRequest('Cannot send to multiple streams');
  const target = to[0];
  if (target === undefined) throw badRequest('Missing stream');
  if (typeof target === 'number') {
    const stream = await getStreamById(db, realmId, target);
    if (!stream) {
      throw new ApiError(`Stream with ID '${target}' does not exist`, {
        code: 'STREAM_DOES_NOT_EXIST',
        extra: { stream_id: target },
      });
    }
    return stream;
  }
  const stream = await getStreamByName(db, realmId, target);
  if (!stream) throw streamDoesNotExist(target);
  return stream;
}

/** Zulip's access rules for posting to a stream (check_message / validate_sender_can_write_to_stream). */
async function checkCanPost(db: Knex, sender: UserRow, stream: StreamRow): Promise<void> {
  if (stream.is_announcement_only && sender.role !== 'admin') {
    throw badRequest('Only organization administrators can send to this stream.');
  }
  if (!stream.invite_only && sender.role !== 'guest') return;
  if (await isSubscribed(db, sender.id, stream.id)) return;
  // A bot may post where its owner is subscribed.
  if (sender.is_bot && sender.bot_owner_id !== null && (await isSubscribed(db, sender.bot_owner_id, stream.id))) return;
  throw badRequest(`Not authorized to send to stream '${stream.name}'`);
}

export async function checkSendMessage(db: Knex, sender: UserRow, request: SendRequest): Promise<CheckedStreamMessage> {
  if (request.type !== 'stream') throw badRequest('Invalid message type');
  if (request.to.length > 1) throw badRequest('Cannot send to multiple streams');
  if (request.to.length === 0) throw badRequest('Missing stream');
  const topic = checkTopic(request.topic);
  const content = checkContent(request.content);
  const stream = await findStream(db, sender.realm_id, request.to);
  await checkCanPost(db, sender, stream);
  return { sender, stream, topic, content, client: request.client };
}

/** Writes the message and its per-user rows, and queues its event; returns the new id. */
export async function doSendMessage(db: Knex, checked: CheckedStreamMessage): Promise<number> {
  const { sender, stream } = checked;
  const rendered = renderMarkdown(checked.content);
  return db.transaction(async (trx) => {
    const sentAt = new Date();
    const [row] = await trx('messages')
      .insert({
        realm_id: sender.realm_id,
        sender_id: sender.id,
        recipient_id: stream.recipient_id,
        stream_id: stream.id,
        subject: checked.topic,
        content: checked.content,
        rendered_content: rendered.html,
        sending_client: checked.client,
        date_sent: sentAt,
        is_me_message: rendered.isMeMessage,
      })
      .returning('id');
    const id = (row as { id: number }).id;

    const recipientIds = new Set(await streamSubscriberIds(trx, stream.id));
    recipientIds.add(sender.id);
    const users = [...recipientIds].map((userId) => ({
      id: userId,
      flags: userId === sender.id && sentByHuman(checked.client) ? ['read'] : [],
    }));
    await insertUserMessages(trx, id, users);

    const realm = await getRealm(trx, sender.realm_id);
    const message: WireMessage = {
      id,
      type: 'stream',
      sender_id: sender.id,
      sender_email: sender.email,
      sender_full_name: sender.full_name,
      sender_short_name: sender.short_name,
      sender_realm_str: realm?.string_id ?? '',
      sender_avatar_source: sender.avatar_source,
      sender_avatar_url: avatarUrl(sender),
      recipient_id: stream.recipient_id,
      stream_id: stream.id,
      display_recipient: stream.name,
      subject: checked.topic,
      subject_links: [],
      content: checked.content,
      rendered_content: rendered.html,
      timestamp: Math.floor(sentAt.getTime() / 1000),
      client: checked.client,
      is_me_message: rendered.isMeMessage,
      reactions: [],
      submessages: [],
    };
    const notice: MessageNotice = {
      v: 1,
      kind: 'message',
      realmId: sender.realm_id,
      message,
      users,
      publicStream: !stream.invite_only,
    };
    await writeNotices(trx, [notice]);
    return id;
  });
}

/** Batched so a stream of 10,000 subscribers costs a few statements, not 10,000. */
async function insertUserMessages(trx: Knex.Transaction, messageId: number, users: { id: number; flags: string[] }[]) {
  const rows = users.map((u) => ({ user_id: u.id, message_id: messageId, flags: flagBits(u.flags) }));
  for (let i = 0; i < rows.length; i += 5000) await trx('user_messages').insert(rows.slice(i, i + 5000));
}

export async function loadSender(db: Knex, realmId: number, userId: number): Promise<UserRow> {
  const sender = await getUserById(db, realmId, userId);
  if (!sender || !sender.is_active) throw new ApiError('Account is deactivated', { status: 401 });
  return sender;
}

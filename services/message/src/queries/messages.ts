/**
 * Reading messages as their dicts show them: sender, stream or private recipients, reactions,
 * submessages and edit history, for any number of ids in a fixed number of queries (not one per message).
 */
import { anyOf, avatarUrl, isRowId, RECIPIENT_HUDDLE, RECIPIENT_PERSONAL, toSeconds, type Executor } from '@chat/db';
import type { DisplayRecipientUser, WireMessage } from '@chat/events';
import { topicLinks, type Linkifier } from '@chat/markdown';
import { lastMovedTimestamp, parseEditHistory, withTopicNames, type EditHistoryEntry, type StoredEditHistory } from '../lib/edit-history';
import { loadRealmLinkifiers } from './realm-filters';
import { submessagesFor } from './submessages';

export interface MessageRow {
  id: number;
  realm_id: number;
  sender_id: number;
  recipient_id: number;
  stream_id: number | null;
  subject: string;
  content: string;
  rendered_content: string;
  rendered_content_version: number;
  sending_client: string;
  date_sent: Date;
  last_edit_time: Date | null;
  edit_history: StoredEditHistory;
  is_me_message: boolean;
  has_link: boolean;
  has_image: boolean;
  has_attachment: boolean;
}

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  /** Feature level 2; `user` is 2.1's form, kept for older clients. */
  user_id: number;
  user: { email: string; id: number; full_name: string };
}

export interface LoadedMessage {
  wire: WireMessage;
  row: MessageRow;
  editHistory: EditHistoryEntry[] | null;
}

export async function getMessageRow(db: Executor, messageId: number, forUpdate = false): Promise<MessageRow | undefined> {
  if (!isRowId(messageId)) return undefined;
  const query = db<MessageRow>('messages').where({ id: messageId }).first();
  return forUpdate ? query.forUpdate() : query;
}

interface UserBits {
  id: number;
  email: string;
  full_name: string;
  short_name: string;
  is_mirror_dummy: boolean;
  realm_id: number;
  avatar_source: string;
  avatar_version: number;
}

async function usersById(db: Executor, ids: Iterable<number>): Promise<Map<number, UserBits>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows: UserBits[] = await db('users')
    .whereRaw(...anyOf('id', list))
    .select('id', 'email', 'full_name', 'short_name', 'is_mirror_dummy', 'realm_id', 'avatar_source', 'avatar_version');
  return new Map(rows.map((u) => [u.id, u]));
}

function displayUser(u: UserBits): DisplayRecipientUser {
  return { email: u.email, full_name: u.full_name, short_name: u.short_name, id: u.id, is_mirror_dummy: u.is_mirror_dummy };
}

/** Zulip orders a private message's display_recipient by e-mail. */
function byEmail(a: DisplayRecipientUser, b: DisplayRecipientUser): number {
  return a.email < b.email ? -1 : a.email > b.email ? 1 : 0;
}

/** Members of private recipients: a personal recipient's user, a huddle's users. */
export async function privateMembers(db: Executor, recipientIds: number[]): Promise<Map<number, number[]>> {
  const members = new Map<number, number[]>();
  if (recipientIds.length === 0) return members;
  const rows: { id: number; type: number; type_id: number; user_ids: number[] | null }[] = await db('recipients as r')
    .leftJoin('huddles as h', function joinHuddle() {
      this.on('h.id', '=', 'r.type_id').andOn('r.type', '=', db.raw('?', [RECIPIENT_HUDDLE]));
    })
    .whereRaw(...anyOf('r.id', [...new Set(recipientIds)]))
    .whereRaw(...anyOf('r.type', [RECIPIENT_PERSONAL, RECIPIENT_HUDDLE]))
    .select('r.id', 'r.type', 'r.type_id', 'h.user_ids');
  for (const row of rows) members.set(row.id, row.type === RECIPIENT_PERSONAL ? [row.type_id] : (row.user_ids ?? []));
  return members;
}

/** display_recipient of private messages keyed by message id (the sender is always included). */
async function privateDisplayRecipients(db: Executor, rows: MessageRow[]): Promise<Map<number, DisplayRecipientUser[]>> {
  const result = new Map<number, DisplayRecipientUser[]>();
  const privateRows = rows.filter((r) => r.stream_id === null);
  if (privateRows.length === 0) return result;
  const members = await privateMembers(
    db,
    privateRows.map((r) => r.recipient_id),
  );
  const users = await usersById(db, [...[...members.values()].flat(), ...privateRows.map((r) => r.sender_id)]);
  for (const row of privateRows) {
    const ids = new Set([...(members.get(row.recipient_id) ?? []), row.sender_id]);
    const list = [...ids].flatMap((id) => {
      const u = users.get(id);
      return u ? [displayUser(u)] : [];
    });
    result.set(row.id, list.sort(byEmail));
  }
  return result;
}

export async function reactionsFor(db: Executor, messageIds: number[]): Promise<Map<number, Reaction[]>> {
  const result = new Map<number, Reaction[]>();
  if (messageIds.length === 0) return result;
  const rows: {
    message_id: number;
    emoji_name: string;
    emoji_code: string;
    reaction_type: string;
    user_id: number;
    email: string;
    full_name: string;
  }[] = await db('reactions as x')
    .join('users as u', 'u.id', 'x.user_id')
    .whereRaw(...anyOf('x.message_id', messageIds))
    .orderBy('x.id')
    .select('x.message_id', 'x.emoji_name', 'x.emoji_code', 'x.reaction_type', 'x.user_id', 'u.email', 'u.full_name');
  for (const r of rows) {
    const list = result.get(r.message_id) ?? [];
    list.push({
      emoji_name: r.emoji_name,
      emoji_code: r.emoji_code,
      reaction_type: r.reaction_type,
      user_id: r.user_id,
      user: { email: r.email, id: r.user_id, full_name: r.full_name },
    });
    result.set(r.message_id, list);
  }
  return result;
}

/** Loads messages by id with what their dicts show. */
export async function loadMessages(db: Executor, ids: number[]): Promise<Map<number, LoadedMessage>> {
  if (ids.length === 0) return new Map();
  const rows: MessageRow[] = await db<MessageRow>('messages').whereRaw(...anyOf('id', ids));
  const senders = await usersById(
    db,
    rows.map((r) => r.sender_id),
  );
  const realmIds = [...new Set(rows.map((r) => r.realm_id))];
  const realms = new Map(
    (
      (await db('realms')
        .whereRaw(...anyOf('id', realmIds))
        .select('id', 'string_id')) as { id: number; string_id: string }[]
    ).map((r) => [r.id, r.string_id]),
  );
  const streamIds = [...new Set(rows.flatMap((r) => (r.stream_id === null ? [] : [r.stream_id])))];
  const streams = new Map(
    (
      (streamIds.length
        ? await db('streams')
            .whereRaw(...anyOf('id', streamIds))
            .select('id', 'name')
        : []) as { id: number; name: string }[]
    ).map((s) => [s.id, s.name]),
  );
  // subject_links are computed when read, as Zulip does, so a new linkifier applies to old topics.
  const linkifiers = new Map<number, Linkifier[]>();
  for (const realmId of realmIds) linkifiers.set(realmId, await loadRealmLinkifiers(db, realmId));
  const privates = await privateDisplayRecipients(db, rows);
  const reactions = await reactionsFor(db, ids);
  const submessages = await submessagesFor(db, ids);
  const result = new Map<number, LoadedMessage>();
  for (const row of rows) {
    const sender = senders.get(row.sender_id);
    if (!sender) continue;
    const wire: WireMessage = {
      id: row.id,
      type: row.stream_id === null ? 'private' : 'stream',
      sender_id: row.sender_id,
      sender_email: sender.email,
      sender_full_name: sender.full_name,
      sender_short_name: sender.short_name,
      sender_realm_str: realms.get(row.realm_id) ?? '',
      sender_avatar_source: sender.avatar_source,
      sender_avatar_url: avatarUrl(sender),
      recipient_id: row.recipient_id,
      stream_id: row.stream_id,
      display_recipient: row.stream_id === null ? (privates.get(row.id) ?? []) : (streams.get(row.stream_id) ?? ''),
      subject: row.subject,
      subject_links: row.subject === '' ? [] : topicLinks(row.subject, linkifiers.get(row.realm_id) ?? []),
      content: row.content,
      rendered_content: row.rendered_content,
      timestamp: toSeconds(row.date_sent),
      client: row.sending_client,
      is_me_message: row.is_me_message,
      reactions: reactions.get(row.id) ?? [],
      submessages: submessages.get(row.id) ?? [],
    };
    if (row.last_edit_time) wire.last_edit_timestamp = toSeconds(row.last_edit_time);
    const editHistory = withTopicNames(parseEditHistory(row.edit_history), row.subject);
    const movedAt = lastMovedTimestamp(editHistory);
    if (movedAt !== undefined) wire.last_moved_timestamp = movedAt;
    result.set(row.id, { wire, row, editHistory });
  }
  return result;
}

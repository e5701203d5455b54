import type { Knex } from 'knex';
import { avatarUrl } from '@chat/db';
import type { WireMessage } from '@chat/events';

interface MessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  stream_id: number | null;
  subject: string;
  content: string;
  rendered_content: string;
  sending_client: string;
  date_sent: Date;
  last_edit_time: Date | null;
  is_me_message: boolean;
  sender_email: string;
  sender_full_name: string;
  sender_short_name: string;
  sender_avatar_source: string;
  realm_str: string;
  stream_name: string | null;
}

/** Loads messages by id with what their dicts show (sender, stream, realm), one query. */
export async function loadMessages(db: Knex, ids: number[]): Promise<Map<number, WireMessage>> {
  if (ids.length === 0) return new Map();
  const rows: MessageRow[] = await db('messages as m')
    .join('users as u', 'u.id', 'm.sender_id')
    .join('realms as r', 'r.id', 'm.realm_id')
    .leftJoin('streams as s', 's.id', 'm.stream_id')
    .whereIn('m.id', ids)
    .select(
      'm.id',
      'm.sender_id',
      'm.recipient_id',
      'm.stream_id',
      'm.subject',
      'm.content',
      'm.rendered_content',
      'm.sending_client',
      'm.date_sent',
      'm.last_edit_time',
      'm.is_me_message',
      'u.email as sender_email',
      'u.full_name as sender_full_name',
      'u.short_name as sender_short_name',
      'u.avatar_source as sender_avatar_source',
      'r.string_id as realm_str',
      's.name as stream_name',
    );
  return new Map(rows.map((row) => [row.id, toWire(row)]));
}

function toWire(row: MessageRow): WireMessage {
  const message: WireMessage = {
    id: row.id,
    type: row.stream_id === null ? 'private' : 'stream',
    sender_id: row.sender_id,
    sender_email: row.sender_email,
    sender_full_name: row.sender_full_name,
    sender_short_name: row.sender_short_name,
    sender_realm_str: row.realm_str,
    sender_avatar_source: row.sender_avatar_source,
    sender_avatar_url: avatarUrl({ email: row.sender_email, avatar_source: row.sender_avatar_source }),
    recipient_id: row.recipient_id,
    stream_id: row.stream_id,
    display_recipient: row.stream_name ?? [],
    subject: row.subject,
    subject_links: [],
    content: row.content,
    rendered_content: row.rendered_content,
    timestamp: Math.floor(new Date(row.date_sent).getTime() / 1000),
    client: row.sending_client,
    is_me_message: row.is_me_message,
    reactions: [],
    submessages: [],
  };
  if (row.last_edit_time) message.last_edit_timestamp = Math.floor(new Date(row.last_edit_time).getTime() / 1000);
  return message;
}

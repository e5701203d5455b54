/**
 * The missed-message job (Zulip's handle_missedmessage_emails): when a user's batch falls due,
 * mail what is still unread of it in one message, then forget the batch. The rows go only after
 * the mail was accepted, so a failed send is retried by the job with the batch intact.
 */
import type { Mailer } from '@chat/mail';
import { anyOf, type UserRow } from '@chat/db';
import type { MessageDeps } from '../deps';
import { FLAG_BITS } from '../lib/flags';
import { realmUrl } from '../notices/narrow-url';
import { loadMessages } from '../queries/messages';
import { composeMissedMessageMail } from './compose';
import type { MissedMessagePayload } from './kinds';

/** Batches due this close to now go out too (clocks of two processes never agree exactly). */
const CLOCK_SLACK_MS = 1000;

export interface MissedMessageDeps extends Pick<MessageDeps, 'db' | 'logger'> {
  mailer: Mailer;
  externalHost: string;
}

async function unreadOf(deps: MissedMessageDeps, userId: number, messageIds: number[]): Promise<number[]> {
  const rows: { message_id: number }[] = await deps.db
    .knex('user_messages')
    .where({ user_id: userId })
    .whereRaw(...anyOf('message_id', messageIds))
    .whereRaw('(flags & ?) = 0', [FLAG_BITS.read!])
    .select('message_id');
  return rows.map((r) => r.message_id);
}

export async function mailMissedMessages(deps: MissedMessageDeps, payload: MissedMessagePayload): Promise<void> {
  const db = deps.db.knex;
  const due: { id: number; message_id: number }[] = await db('missed_message_emails')
    .where({ user_id: payload.userId })
    .where('due_at', '<=', new Date(Date.now() + CLOCK_SLACK_MS))
    .select('id', 'message_id');
  if (due.length === 0) return;
  const user = await db<UserRow>('users').where({ realm_id: payload.realmId, id: payload.userId }).first();
  const unread = user?.is_active ? await unreadOf(deps, user.id, [...new Set(due.map((r) => r.message_id))]) : [];
  if (user && unread.length > 0) {
    const messages = [...(await loadMessages(db, unread)).values()].map((m) => m.wire);
    const realm = await db('realms').where({ id: user.realm_id }).first('name');
    const mail = composeMissedMessageMail(messages, {
      realmUrl: await realmUrl(db, deps.externalHost, user.realm_id),
      realmName: (realm as { name: string } | undefined)?.name ?? '',
      recipientId: user.id,
      showContent: user.settings?.message_content_in_email_notifications !== false,
    });
    await deps.mailer.send({ to: user.delivery_email, ...mail });
  }
  await db('missed_message_emails')
    .whereRaw(
      ...anyOf(
        'id',
        due.map((r) => r.id),
      ),
    )
    .delete();
}

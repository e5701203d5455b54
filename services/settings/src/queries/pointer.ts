/** The pointer (Zulip 2.1's get_pointer_backend) and what moving it checks. */
import type { Executor } from '@chat/db';
import type { SettingsContext } from '../deps';
import { loadActor } from './actor';

export async function getPointer(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  return { pointer: (await loadActor(ctx.db.knex, realmId, actorId)).pointer };
}

/** Whether the user has a message with this id in their history (Zulip's UserMessage check). */
export async function hasUserMessage(db: Executor, userId: number, messageId: number): Promise<boolean> {
  // Read-only look at the message service's table; the pointer only needs existence.
  return (await db('user_messages').where({ user_id: userId, message_id: messageId }).first('message_id')) !== undefined;
}

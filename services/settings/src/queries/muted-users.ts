import type { Executor } from '@chat/db';

/** Whether the user has muted that user. */
export async function isMuted(db: Executor, userId: number, mutedUserId: number): Promise<boolean> {
  return (await db('muted_users').where({ user_id: userId, muted_user_id: mutedUserId }).first('user_id')) !== undefined;
}

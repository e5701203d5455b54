/** The pointer (Zulip 2.1's get_pointer_backend / update_pointer_backend). */
import { isRowId, writeNotices, type UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../app';
import { hasUserMessage } from '../store/users';
import { loadActor } from './common';

export async function getPointer(ctx: SettingsContext, realmId: number, actorId: number): Promise<Record<string, unknown>> {
  return { pointer: (await loadActor(ctx.db.knex, realmId, actorId)).pointer };
}

/**
 * The pointer only moves forward (a stale client's older value is ignored, still a success), and
 * only onto a message the user has; a move is a pointer event to the user's other clients.
 */
export async function updatePointer(ctx: SettingsContext, realmId: number, actorId: number, pointer: number): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, actorId);
    const user = (await trx<UserRow>('users').where({ id: actorId }).forUpdate().first())!;
    if (pointer <= user.pointer) return;
    if (!isRowId(pointer) || !(await hasUserMessage(trx, user.id, pointer))) throw badRequest('Invalid message ID');
    await trx('users').where({ id: user.id }).update({ pointer });
    await writeNotices(trx, [userEventNotice(realmId, { type: 'pointer', pointer }, [user.id])]);
  });
  return {};
}

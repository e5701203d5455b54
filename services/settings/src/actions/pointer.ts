/** Moving the pointer (Zulip 2.1's update_pointer_backend and do_update_pointer). */
import { isRowId, writeNotices } from '@chat/db';
import { badRequest } from '@chat/errors';
import { userEventNotice } from '@chat/events';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';
import { hasUserMessage } from '../queries/pointer';
import { lockUserRow } from '../queries/users';

/**
 * The pointer only moves forward (a stale client's older value is ignored, still a success), and
 * only onto a message the user has; a move is a pointer event to the user's other clients.
 */
export async function doUpdatePointer(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  pointer: number,
): Promise<Record<string, unknown>> {
  await ctx.db.knex.transaction(async (trx) => {
    await loadActor(trx, realmId, actorId);
    const user = (await lockUserRow(trx, actorId))!;
    if (pointer <= user.pointer) return;
    if (!isRowId(pointer) || !(await hasUserMessage(trx, user.id, pointer))) throw badRequest('Invalid message ID');
    await trx('users').where({ id: user.id }).update({ pointer });
    await writeNotices(trx, [userEventNotice(realmId, { type: 'pointer', pointer }, [user.id])]);
  });
  return {};
}

import { MAX_STREAM_NAME_LENGTH } from '@chat/contracts';
import { writeNotices, type Executor, type StreamRow } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { streamDict } from '@chat/views';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { canAccessStreamUserIds, streamForAdmin } from '../queries/access';
import { streamNameInUse } from '../queries/streams';
import { defaultStreamGroupsNotice, defaultStreamsNotice } from './default-stream-notices';

/**
 * Zulip's do_deactivate_stream, inside the caller's transaction: every subscription ends, the
 * stream becomes invite-only under a `!DEACTIVATED:` name (freeing the old one), leaves the default
 * streams and every default stream group, and those who could see it get `stream` `delete` with
 * its original name and privacy. Returns the notices for the caller to write.
 */
export async function deactivateStream(trx: Executor, stream: StreamRow): Promise<Notice[]> {
  // Who could see it is decided before the subscriptions go.
  const affected = await canAccessStreamUserIds(trx, stream);
  await trx('subscriptions').where({ stream_id: stream.id, active: true }).update({ active: false });

  let newName = `!DEACTIVATED:${stream.name}`.slice(0, MAX_STREAM_NAME_LENGTH);
  // An earlier stream of the same name may already carry the prefix: add "!" until it is unique.
  for (let i = 0; i < 20 && (await streamNameInUse(trx, stream.realm_id, newName)); i++) {
    newName = `!${newName}`.slice(0, MAX_STREAM_NAME_LENGTH);
  }
  await trx('streams').where({ id: stream.id }).update({ name: newName, deactivated: true, invite_only: true });

  const notices: Notice[] = [];
  // Deleted rows are counted through RETURNING: PGlite's driver reports no row count.
  const wasDefault = await trx('default_streams').where({ stream_id: stream.id }).del().returning('id');
  if (wasDefault.length > 0) notices.push(...(await defaultStreamsNotice(trx, stream.realm_id)));
  const inGroups = await trx('default_stream_group_streams').where({ stream_id: stream.id }).del().returning('group_id');
  if (inGroups.length > 0) notices.push(...(await defaultStreamGroupsNotice(trx, stream.realm_id)));
  notices.push(
    ...userEventNoticeIfAnyRecipient(stream.realm_id, { type: 'stream', op: 'delete', streams: [streamDict(stream)] }, affected),
  );
  return notices;
}

/** DELETE /streams/{stream_id} (Zulip's deactivate_stream_backend), for administrators. */
export async function doDeactivateStream(deps: SubscriptionDeps, caller: Caller, streamId: number): Promise<void> {
  await deps.db.knex.transaction(async (trx) => {
    const stream = await streamForAdmin(trx, caller.realmId, streamId);
    await writeNotices(trx, await deactivateStream(trx, stream));
  });
}

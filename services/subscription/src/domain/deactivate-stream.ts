import { MAX_STREAM_NAME_LENGTH } from '@chat/contracts';
import type { Executor, StreamRow } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { streamNameInUse } from '../store/subscriptions';
import { activeNonGuestUserIds } from '../store/users';
import { canAccessStreamUserIds } from './access';
import { defaultStreamGroupsNotice } from './default-stream-groups';
import { defaultStreamsNotice } from './default-streams';
import { streamDict } from '@chat/views';

/**
 * Zulip's do_deactivate_stream, inside the caller's transaction: every subscription ends, the
 * stream becomes invite-only under a `!DEACTIVATED:` name (freeing the old one), leaves the default
 * streams and every default stream group, and those who could see it get `stream` `delete` with
 * its original name and privacy.
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
  if (wasDefault.length > 0) {
    notices.push(...(await defaultStreamsNotice(trx, stream.realm_id, await activeNonGuestUserIds(trx, stream.realm_id))));
  }
  const inGroups = await trx('default_stream_group_streams').where({ stream_id: stream.id }).del().returning('group_id');
  if (inGroups.length > 0) notices.push(...(await defaultStreamGroupsNotice(trx, stream.realm_id)));
  notices.push(...userEventNoticeIfAnyRecipient(stream.realm_id, { type: 'stream', op: 'delete', streams: [streamDict(stream)] }, affected));
  return notices;
}

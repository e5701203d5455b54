/**
 * The notices that carry a realm's whole default-stream lists (Zulip's notify_default_streams and
 * notify_default_stream_groups), built in the transaction that changed them.
 */
import { defaultStreamsForRealm, type Executor } from '@chat/db';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { defaultStreamGroupDicts, streamDict } from '@chat/views';
import { activeNonGuestUserIds } from '../queries/users';

/** `default_streams` with the whole list to the realm's active non-guest users. */
export async function defaultStreamsNotice(db: Executor, realmId: number): Promise<Notice[]> {
  const audience = await activeNonGuestUserIds(db, realmId);
  const streams = await defaultStreamsForRealm(db, realmId);
  return userEventNoticeIfAnyRecipient(realmId, { type: 'default_streams', default_streams: streams.map(streamDict) }, audience);
}

/** `default_stream_groups` with the whole list to the realm's active non-guest users. */
export async function defaultStreamGroupsNotice(db: Executor, realmId: number): Promise<Notice[]> {
  const groups = await defaultStreamGroupDicts(db, realmId);
  return userEventNoticeIfAnyRecipient(
    realmId,
    { type: 'default_stream_groups', default_stream_groups: groups },
    await activeNonGuestUserIds(db, realmId),
  );
}

/**
 * Archiving a stream and bringing it back (Zulip's do_deactivate_stream and do_unarchive_stream
 * as of Zulip 10.0, feature level 371). An archived stream keeps its name, its privacy, its
 * subscriptions and its messages: whoever could read its history still can, by name or by id;
 * nothing can be posted to it. Zulip 2.1 instead ended every subscription and renamed the stream
 * `!DEACTIVATED:<name>`; both then sent `stream` `delete`, which Zulip 10.0 still sends to every
 * client, with or without the `archived_channels` capability (the `update` events for capable
 * clients came at level 378).
 */
import { badRequest } from '@chat/errors';
import { writeNotices, type Executor, type StreamRow } from '@chat/db';
import type { HeldFollowUp } from '@chat/dispatch';
import { settleFollowUps } from '@chat/runtime';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { streamDict } from '@chat/views';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { canAccessStreamUserIds, streamForAdmin } from '../queries/access';
import { requestBotMessages, STREAM_EVENTS_TOPIC } from './bot-messages';
import { defaultStreamGroupsNotice, defaultStreamsNotice } from './default-stream-notices';

/**
 * Archives `stream` inside the caller's transaction: it leaves the default streams and every
 * default stream group, and those who could see it get `stream` `delete` (with `stream_ids`,
 * level 343). Notification Bot says so in the stream once committed, read for everyone (held in
 * `held` when the caller runs its follow-ups at once, else a background job). Returns the notices
 * for the caller to write.
 */
export async function archiveStream(trx: Executor, stream: StreamRow, held?: HeldFollowUp[]): Promise<Notice[]> {
  if (stream.deactivated) throw badRequest('Channel is already deactivated');
  const affected = await canAccessStreamUserIds(trx, stream);
  await trx('streams').where({ id: stream.id }).update({ deactivated: true });
  const archived = { ...stream, deactivated: true };

  const notices: Notice[] = [];
  // Deleted rows are counted through RETURNING: PGlite's driver reports no row count.
  const wasDefault = await trx('default_streams').where({ stream_id: stream.id }).del().returning('id');
  if (wasDefault.length > 0) notices.push(...(await defaultStreamsNotice(trx, stream.realm_id)));
  const inGroups = await trx('default_stream_group_streams').where({ stream_id: stream.id }).del().returning('group_id');
  if (inGroups.length > 0) notices.push(...(await defaultStreamGroupsNotice(trx, stream.realm_id)));
  notices.push(
    ...userEventNoticeIfAnyRecipient(
      stream.realm_id,
      { type: 'stream', op: 'delete', streams: [streamDict(archived)], stream_ids: [stream.id] },
      affected,
    ),
  );
  const content = `Channel ${stream.name} has been archived.`;
  const notice = { type: 'stream' as const, to: stream.name, topic: STREAM_EVENTS_TOPIC, content, archivedStreamNotice: true };
  await requestBotMessages(trx, stream.realm_id, [notice], held);
  return notices;
}

/** DELETE /streams/{stream_id} (Zulip's deactivate_stream_backend), for administrators. */
export async function doArchiveStream(deps: SubscriptionDeps, caller: Caller, streamId: number): Promise<void> {
  const held: HeldFollowUp[] = [];
  await deps.db.knex.transaction(async (trx) => {
    const stream = await streamForAdmin(trx, caller.realmId, streamId, { includeArchived: true });
    await writeNotices(trx, await archiveStream(trx, stream, held));
  });
  await settleFollowUps({ db: deps.db.knex, internal: deps.internal, logger: deps.logger }, held);
}

/**
 * Brings an archived stream back under its name (PATCH /streams/{stream_id} with
 * `is_archived=false`, Zulip's endpoint from level 388; Zulip 10.0 did it from the command line
 * only). A private stream needs a subscriber left to come back. Those who may now see it get
 * `stream` `create`, every client alike, as do_unarchive_stream sent it before level 378; the
 * caller has Notification Bot say so (`unarchivedNotice`).
 */
export async function unarchiveStream(trx: Executor, stream: StreamRow): Promise<{ stream: StreamRow; notices: Notice[] }> {
  if (!stream.deactivated) throw badRequest('Channel is not currently deactivated');
  // Deactivated users' subscriptions count, as in Zulip: reactivating one gives the stream a reader.
  const subscribed = await trx('subscriptions').where({ stream_id: stream.id, active: true }).first('id');
  if (stream.invite_only && !subscribed) throw badRequest('Channel is private and have no subscribers');
  await trx('streams').where({ id: stream.id }).update({ deactivated: false });
  const restored = { ...stream, deactivated: false };
  const notices = userEventNoticeIfAnyRecipient(
    stream.realm_id,
    { type: 'stream', op: 'create', streams: [streamDict(restored)] },
    await canAccessStreamUserIds(trx, restored),
  );
  return { stream: restored, notices };
}

/** Notification Bot's message once a stream is back (Zulip's wording). */
export function unarchivedNotice(stream: StreamRow) {
  return { type: 'stream' as const, to: stream.name, topic: STREAM_EVENTS_TOPIC, content: `Channel ${stream.name} un-archived.` };
}

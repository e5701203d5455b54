/**
 * PATCH /streams/{stream_id} (Zulip's update_stream_backend), for administrators: unarchiving
 * (`is_archived=false`, level 388), description, name, is_announcement_only and privacy, all
 * checked first and written in one transaction. An archived stream takes no other change unless
 * it is unarchived by the same request (Zulip's level-362 edits of archived streams are not
 * served). Each
 * change that alters something sends `stream` `update` to those who may see the stream (after the
 * change); a rename sends email_address then name, both under the old name, and Notification Bot
 * says so in the stream once committed.
 */
import { badRequest, plainError } from '@chat/errors';
import { writeNotices, type Executor, type StreamRow } from '@chat/db';
import { type HeldFollowUp } from '@chat/dispatch';
import { settleFollowUps } from '@chat/runtime';
import { userEventNoticeIfAnyRecipient, type EventOf, type Notice } from '@chat/events';
import { streamEmailAddress } from '@chat/views';
import type { SubscriptionDeps } from '../deps';
import type { Caller } from '../lib/caller';
import { normalizeDescription, type Description } from '../lib/description';
import { historyPublicDefault } from '../lib/stream-settings';
import { checkStreamName } from '../lib/stream-names';
import { accessStreamById, canAccessStreamUserIds, streamForAdmin } from '../queries/access';
import { defaultStreamIds, streamNameInUse } from '../queries/streams';
import { unarchiveStream, unarchivedNotice } from './archive-stream';
import { requestBotMessages, silentMention, STREAM_EVENTS_TOPIC } from './bot-messages';

/** What a stream `update` event says beyond its type, op and stream id. */
type StreamChange = Omit<Extract<EventOf<'stream'>, { op: 'update' }>, 'type' | 'op' | 'stream_id'>;

export interface StreamUpdate {
  description?: string;
  new_name?: string;
  is_private?: boolean;
  is_announcement_only?: boolean;
  history_public_to_subscribers?: boolean;
  is_archived?: boolean;
}

/** The stream and the new name (trimmed), once every part of the update passed its checks. */
export interface CheckedUpdate {
  stream: StreamRow;
  newName: string | undefined;
}

async function checkNewName(trx: Executor, caller: Caller, stream: StreamRow, requested: string): Promise<string> {
  const newName = requested.trim();
  if (stream.name === newName) throw plainError('Stream already has that name!');
  checkStreamName(newName);
  // A change of case only is a rename of the same stream, not a clash.
  if (stream.name.toLowerCase() !== newName.toLowerCase() && (await streamNameInUse(trx, caller.realmId, newName))) {
    throw badRequest(`Stream name '${newName}' is already taken.`);
  }
  return newName;
}

export async function checkUpdateStream(trx: Executor, caller: Caller, streamId: number, update: StreamUpdate): Promise<CheckedUpdate> {
  const stream = await streamForAdmin(trx, caller.realmId, streamId, { includeArchived: true });
  // Archiving has its own endpoint; this parameter only brings a stream back.
  if (update.is_archived === true) throw badRequest('Channels are archived with DELETE /streams/{stream_id}.');
  if (stream.deactivated && update.is_archived !== false) throw badRequest('Invalid stream id');
  if (!stream.deactivated && update.is_archived === false) throw badRequest('Channel is not currently deactivated');
  const newName = update.new_name === undefined ? undefined : await checkNewName(trx, caller, stream, update.new_name);
  if (update.is_private !== undefined) {
    // Even administrators must be in a private stream to change its privacy.
    await accessStreamById(trx, caller, streamId, { includeArchived: true });
    if (update.is_private && (await defaultStreamIds(trx, caller.realmId)).has(streamId)) {
      throw plainError('Default streams cannot be made private.');
    }
  }
  return { stream, newName };
}

/**
 * Writes the checked update inside `trx`, one change after another, each with its `stream`
 * `update` notice; returns the notices and the old name when the stream was renamed.
 */
async function applyStreamUpdate(
  trx: Executor,
  caller: Caller,
  checked: CheckedUpdate,
  update: StreamUpdate,
  described: Description | undefined,
  externalHost: string,
): Promise<{ notices: Notice[]; oldName: string | undefined; stream: StreamRow; unarchived: boolean }> {
  let { stream } = checked;
  const { newName } = checked;
  const notices: Notice[] = [];
  if (update.is_archived === false) {
    const unarchived = await unarchiveStream(trx, stream);
    stream = unarchived.stream;
    notices.push(...unarchived.notices);
  }
  const announce = async (event: StreamChange) =>
    notices.push(
      ...userEventNoticeIfAnyRecipient(
        caller.realmId,
        { type: 'stream', op: 'update', stream_id: stream.id, ...event },
        await canAccessStreamUserIds(trx, stream),
      ),
    );

  if (described !== undefined) {
    const { description, rendered } = described;
    if (description !== stream.description) {
      await trx('streams').where({ id: stream.id }).update({ description, rendered_description: rendered });
      stream = { ...stream, description, rendered_description: rendered };
      await announce({ property: 'description', value: description, rendered_description: rendered, name: stream.name });
    }
  }
  let oldName: string | undefined;
  if (newName !== undefined) {
    oldName = stream.name;
    await trx('streams').where({ id: stream.id }).update({ name: newName });
    stream = { ...stream, name: newName };
    const email = streamEmailAddress(newName, stream.email_token, externalHost);
    await announce({ property: 'email_address', value: email, name: oldName });
    await announce({ property: 'name', value: newName, name: oldName });
  }
  if (update.is_announcement_only !== undefined && update.is_announcement_only !== stream.is_announcement_only) {
    await trx('streams').where({ id: stream.id }).update({ is_announcement_only: update.is_announcement_only });
    stream = { ...stream, is_announcement_only: update.is_announcement_only };
    await announce({ property: 'is_announcement_only', value: update.is_announcement_only, name: stream.name });
  }
  if (update.is_private !== undefined) {
    const history = historyPublicDefault(update.is_private, update.history_public_to_subscribers);
    if (update.is_private !== stream.invite_only || history !== stream.history_public_to_subscribers) {
      await trx('streams').where({ id: stream.id }).update({ invite_only: update.is_private, history_public_to_subscribers: history });
      stream = { ...stream, invite_only: update.is_private, history_public_to_subscribers: history };
      await announce({ property: 'invite_only', value: update.is_private, history_public_to_subscribers: history, name: stream.name });
    }
  }
  return { notices, oldName, stream, unarchived: update.is_archived === false };
}

export async function doUpdateStream(deps: SubscriptionDeps, caller: Caller, streamId: number, update: StreamUpdate): Promise<void> {
  // Rendered in the render pool before the transaction opens: no connection waits on a render.
  const described =
    update.description === undefined ? undefined : await normalizeDescription(deps.renderer, caller.userId, update.description);
  const held: HeldFollowUp[] = [];
  await deps.db.knex.transaction(async (trx) => {
    const checked = await checkUpdateStream(trx, caller, streamId, update);
    const { notices, oldName, stream, unarchived } = await applyStreamUpdate(
      trx,
      caller,
      checked,
      update,
      described,
      deps.config.externalHost,
    );
    await writeNotices(trx, notices);
    if (unarchived) await requestBotMessages(trx, caller.realmId, [unarchivedNotice(stream)], held);
    if (oldName === undefined) return;
    const content = `${silentMention(caller.fullName, caller.userId)} renamed stream **${oldName}** to **${stream.name}**.`;
    await requestBotMessages(trx, caller.realmId, [{ type: 'stream', to: stream.name, topic: STREAM_EVENTS_TOPIC, content }], held);
  });
  await settleFollowUps({ db: deps.db.knex, internal: deps.internal, logger: deps.logger }, held);
}

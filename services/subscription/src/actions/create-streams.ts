/**
 * Zulip's create_streams_if_needed, inside the subscribe's transaction: each new stream with its
 * recipient, and the `stream` `create` notice for those who may see it.
 */
import { randomBytes } from 'node:crypto';
import { createRecipient, RECIPIENT_STREAM, type Executor, type StreamRow } from '@chat/db';
import type { StreamRequest } from '@chat/contracts';
import { userEventNoticeIfAnyRecipient, type Notice } from '@chat/events';
import { streamDict } from '@chat/views';
import type { Description } from '../lib/description';
import { historyPublicDefault } from '../lib/stream-settings';
import { streamsByNames } from '../queries/streams';
import { activeNonGuestUserIds, adminUserIds } from '../queries/users';

/** The settings every stream a request creates shares. */
export interface NewStreamSettings {
  invite_only: boolean;
  is_announcement_only: boolean;
  history_public_to_subscribers: boolean | undefined;
}

export interface Created {
  created: StreamRow[];
  /** Streams created concurrently under a wanted name (any case): taken as existing, not as an error. */
  existing: StreamRow[];
  notices: Notice[];
}

export async function createStreams(
  trx: Executor,
  realmId: number,
  wanted: StreamRequest[],
  settings: NewStreamSettings,
  described: Map<StreamRequest, Description>,
): Promise<Created> {
  const result: Created = { created: [], existing: [], notices: [] };
  for (const want of wanted) {
    const { description, rendered } = described.get(want) ?? { description: '', rendered: '' };
    const inviteOnly = settings.invite_only;
    const rows: StreamRow[] = await trx('streams')
      .insert({
        realm_id: realmId,
        name: want.name,
        description,
        rendered_description: rendered,
        invite_only: inviteOnly,
        is_announcement_only: settings.is_announcement_only,
        history_public_to_subscribers: historyPublicDefault(inviteOnly, settings.history_public_to_subscribers),
        email_token: randomBytes(16).toString('hex'),
      })
      .onConflict()
      .ignore()
      .returning('*');
    const row = rows[0];
    if (!row) {
      const raced = (await streamsByNames(trx, realmId, [want.name], { includeArchived: true })).get(want.name.toLowerCase());
      if (raced) result.existing.push(raced);
      continue;
    }
    const recipientId = await createRecipient(trx, RECIPIENT_STREAM, row.id);
    await trx('streams').where({ id: row.id }).update({ recipient_id: recipientId });
    const stream = { ...row, recipient_id: recipientId };
    result.created.push(stream);
    // Everyone who may see a public stream learns of it; a private one only its administrators
    // (its first subscribers get their own `create` when they are subscribed).
    const audience = inviteOnly ? await adminUserIds(trx, realmId) : await activeNonGuestUserIds(trx, realmId);
    result.notices.push(
      ...userEventNoticeIfAnyRecipient(realmId, { type: 'stream', op: 'create', streams: [streamDict(stream)] }, audience),
    );
  }
  return result;
}

/**
 * The `attachment` event (Zulip's notify_attachment_update): each change tells the owner, with
 * the realm's upload space after it.
 */
import { type Executor } from '@chat/db';
import { userEventNotice, type EventOf, type UserEventNotice } from '@chat/events';
import { uploadSpaceUsed, type AttachmentDict } from '../queries/attachments';

/** What changed: an upload or a claim carries the whole dict, a removal only the id. */
export type AttachmentChange = { op: 'add' | 'update'; attachment: AttachmentDict } | { op: 'remove'; attachment: { id: number } };

/** One notice per change, each to the attachment's owner. */
export async function attachmentNotices(
  trx: Executor,
  realmId: number,
  changes: { ownerId: number; change: AttachmentChange }[],
): Promise<UserEventNotice[]> {
  if (changes.length === 0) return [];
  const used = await uploadSpaceUsed(trx, realmId);
  return changes.map(({ ownerId, change }) => {
    const event: EventOf<'attachment'> = { type: 'attachment', ...change, upload_space_used: used };
    return userEventNotice(realmId, event, [ownerId]);
  });
}

import { Type } from '@sinclair/typebox';
import { closedObject, defineEvent, eventObject, int, num, str, stringEnum } from './define';

/**
 * Attachment events in Zulip 2.1's shape (zerver/lib/actions.py notify_attachment_update):
 * `add` on upload and `update` when a message claims it carry Attachment.to_dict(); `remove`
 * carries only the id. Each also carries the realm's upload_space_used. Sent to the owner.
 */
export const AttachmentDict = closedObject({
  id: int,
  name: str,
  path_id: str,
  size: int,
  create_time: num,
  messages: Type.Array(closedObject({ id: int, name: num })),
});

const RemovedAttachment = closedObject({ id: int });

export const AttachmentEvent = Type.Union([
  eventObject('attachment', { op: stringEnum(['add', 'update']), attachment: AttachmentDict, upload_space_used: int }),
  eventObject('attachment', { op: Type.Literal('remove'), attachment: RemovedAttachment, upload_space_used: int }),
]);

export const attachmentEvents = {
  // EVENT_TYPES never listed it; a queue that names it in event_types receives it all the same.
  attachment: defineEvent(AttachmentEvent, { listedInEventTypes: false }),
};

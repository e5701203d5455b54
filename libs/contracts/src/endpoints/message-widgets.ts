/**
 * Submessages (the poll and todo widgets' data) and Zulip 2.1's legacy reaction routes, which
 * name the emoji in the path. Declared in messageEndpoints (message.ts), after the reactions.
 */
import * as p from '../params';
import { MAX_SUBMESSAGE_LENGTH, MAX_SUBMESSAGES_PER_SENDER } from '../limits';
import { checkCappedString, check, jsonInt } from '../validators';
import { invalidMessage, messageIdParam } from './message-params';

const emojiReactionPath = {
  message_id: messageIdParam,
  emoji_name: p.string({
    required: true,
    description: 'The emoji, by name: a custom emoji of the realm or a Unicode one.',
    example: 'octopus',
  }),
};

export const messageWidgetEndpoints = {
  addReactionLegacy: {
    method: 'PUT',
    path: '/messages/:message_id/emoji_reactions/:emoji_name',
    auth: 'user',
    summary: 'Add an emoji reaction to a message, naming the emoji in the path (Zulip 2.1 legacy route)',
    description:
      'The older form of POST /messages/{message_id}/reactions: reacts to a message the caller can read with an emoji given by ' +
      'name only (a custom emoji of that name first). Refused when the caller already reacted with that name.',
    params: emojiReactionPath,
    success: {},
    errors: [404],
  },
  removeReactionLegacy: {
    method: 'DELETE',
    path: '/messages/:message_id/emoji_reactions/:emoji_name',
    auth: 'user',
    summary: "Remove the caller's emoji reaction of that name from a message (Zulip 2.1 legacy route)",
    description:
      "The older form of DELETE /messages/{message_id}/reactions: removes the caller's reaction with that emoji name, whichever emoji it was.",
    params: emojiReactionPath,
    success: {},
    errors: [404],
  },
  addSubmessage: {
    method: 'POST',
    path: '/submessage',
    auth: 'user',
    summary: "Attach a submessage (a widget's vote or edit, as a JSON string) to a message the caller can read",
    description:
      "Records a widget's change to a message (a vote in a poll, an item of a to-do list) as a submessage of it. The message's sender " +
      "attaches the first one; after that anyone who can read the message may. A poll's or a to-do list's data must be one of its " +
      `widget's changes, and only the widget's author renames it. A submessage holds at most ${MAX_SUBMESSAGE_LENGTH} characters, and ` +
      `one person adds at most ${MAX_SUBMESSAGES_PER_SENDER} to a message. Everyone who received the message gets a \`submessage\` ` +
      'event. The content is stored and sent back as the text given.',
    params: {
      message_id: p.custom(jsonInt, {
        required: true,
        rangeError: invalidMessage,
        schema: { type: 'integer' },
        description: 'The id of the message whose widget it belongs to.',
        example: 42,
      }),
      msg_type: p.string({
        required: true,
        description: "The kind of submessage; the web client's widgets send `widget`.",
        example: 'widget',
      }),
      // A JSON document, kept as the text sent: widgets read it back as they wrote it.
      content: p.custom((raw, name) => check<string>(checkCappedString(MAX_SUBMESSAGE_LENGTH), name, raw), {
        required: true,
        schema: { type: 'string' },
        description: 'The data, a JSON document as a string (it must parse).',
        example: '{"type":"vote","key":"canned,1","vote":1}',
      }),
    },
    success: {},
  },
} as const;

/**
 * The answers of the message-reading endpoints, declared by schema: a message is the event's
 * message dict (@chat/events) with the caller's flags and what reading adds beside it.
 */
import { Type } from '@sinclair/typebox';
import { closedObject, MessageFlags, messageDictWith } from '@chat/events';

const int = Type.Integer();
const str = Type.String();

/** One edit, newest first: the editor, the time, and what the edit changed, as it was before. */
const EditHistoryEntry = closedObject({
  user_id: int,
  timestamp: int,
  prev_subject: Type.Optional(str),
  // A topic edit's topics before and after it (feature level 118), beside 2.1's prev_subject.
  prev_topic: Type.Optional(str),
  topic: Type.Optional(str),
  prev_content: Type.Optional(str),
  prev_rendered_content: Type.Optional(str),
  prev_rendered_content_version: Type.Optional(int),
});

/** What a fetched message carries beside its dict: its flags, and its edits where the realm shows them. */
const fetchedProperties = {
  flags: MessageFlags,
  edit_history: Type.Optional(
    Type.Array(EditHistoryEntry, { description: 'Its edits, newest first, where the realm shows edit history.' }),
  ),
};

/** A message as GET /messages/{id} shows it. */
const FetchedMessage = messageDictWith(fetchedProperties);

/** A message as GET /messages shows it: a search also highlights what matched. */
const FoundMessage = messageDictWith({
  ...fetchedProperties,
  match_content: Type.Optional(str),
  match_subject: Type.Optional(str),
});

export const getMessagesAnswer = Type.Object(
  {
    messages: Type.Array(FoundMessage, { description: 'The messages, oldest first, each with its flags for the caller.' }),
    found_anchor: Type.Boolean({ description: "Whether the anchor's own message is in the narrow and was returned." }),
    found_oldest: Type.Boolean({ description: 'Whether the range reaches the oldest message of the narrow.' }),
    found_newest: Type.Boolean({ description: 'Whether the range reaches the newest message of the narrow.' }),
    history_limited: Type.Boolean({ description: "Whether older messages exist that the realm's history limit hides." }),
    anchor: Type.Integer({ description: 'The anchor used, as a message id (a word resolved).' }),
  },
  { additionalProperties: false },
);

export const getMessageAnswer = Type.Object(
  {
    raw_content: Type.String({ description: 'The Markdown of the message.' }),
    message: { ...FetchedMessage, description: 'The message, with its flags for the caller.' },
  },
  { additionalProperties: false },
);

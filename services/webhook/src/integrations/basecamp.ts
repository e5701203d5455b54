/**
 * Basecamp: a project's recordings (documents, messages, questions and answers, to-do lists,
 * to-dos, comments), the kind and what happened to it in the payload's `kind`
 * ("todo_completed"); one topic per project. `only_events` names the recording (todo, ...).
 */
import { unsupportedEvent } from '../framework/errors';
import type { Handler, Integration } from '../framework/integration';
import { requireString, type JsonObject } from '../framework/payload';

/** The kinds Basecamp sends that are posted. */
const SUPPORTED_KINDS = new Set([
  ...['active', 'created', 'archived', 'unarchived', 'publicized', 'title_changed', 'content_changed', 'trashed'].map(
    (k) => `document_${k}`,
  ),
  ...['archived', 'created', 'trashed', 'unarchived'].map((k) => `question_${k}`),
  ...['archived', 'content_changed', 'created', 'trashed', 'unarchived'].map((k) => `question_answer_${k}`),
  ...['archived', 'content_changed', 'created', 'subject_changed', 'trashed', 'unarchived'].map((k) => `message_${k}`),
  'comment_created',
  ...['created', 'description_changed', 'name_changed'].map((k) => `todolist_${k}`),
  ...['assignment_changed', 'completed', 'uncompleted', 'created', 'due_on_changed'].map((k) => `todo_${k}`),
]);

/** Recordings by the prefix of their kinds; question_answer_ before question_, todolist_ before todo_. */
const RECORDINGS = ['document', 'question_answer', 'question', 'message', 'todolist', 'todo', 'comment'];

/** "title_changed" → "changed title of", "active" → "activated", others as they are. */
function verbOf(kind: string, recording: string): string {
  const verb = kind.replaceAll(`${recording}_`, '');
  if (verb === 'active') return 'activated';
  // Python's [A-z], which also takes [\]^_` (so "due_on_changed" keeps its underscore).
  const changed = /^([A-z]*)_changed/.exec(verb);
  return changed ? `changed ${changed[1]} of` : verb;
}

/** Python's string.punctuation. */
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** A sentence ending in a title gets a full stop unless the title ends in punctuation. */
function ended(body: string, title: string): string {
  return title !== '' && PUNCTUATION.includes(title.slice(-1)) ? body : `${body}.`;
}

const NOUNS: Record<string, string> = {
  document: 'the document',
  question: 'the question',
  message: 'the message',
  todolist: 'the todo list',
  todo: 'the todo task',
};

function body(payload: JsonObject, recording: string, kind: string): string {
  const who = requireString(payload, 'creator.name');
  const verb = verbOf(kind, recording);
  const url = requireString(payload, 'recording.app_url');
  if (recording === 'question_answer' || recording === 'comment') {
    // An answer or a comment links itself, then what it belongs to.
    const parentTitle = requireString(payload, 'recording.parent.title');
    const parent = `[${parentTitle}](${requireString(payload, 'recording.parent.app_url')})`;
    const own = recording === 'comment' ? `[comment](${url}) of the task` : `[answer](${url}) of the question`;
    return ended(`${who} ${verb} the ${own} ${parent}`, parentTitle);
  }
  const title = requireString(payload, 'recording.title');
  return ended(`${who} ${verb} ${NOUNS[recording]!} [${title}](${url})`, title);
}

function recordingOf(kind: string): string {
  const recording = RECORDINGS.find((r) => kind.startsWith(`${r}_`));
  if (!SUPPORTED_KINDS.has(kind) || recording === undefined) throw unsupportedEvent(kind);
  return recording;
}

const handler: Handler = (payload, { event }) => {
  const topic = requireString(payload, 'recording.bucket.name');
  return { topic, content: body(payload, event, requireString(payload, 'kind')) };
};

export const basecamp: Integration = {
  name: 'basecamp',
  eventOf: (payload) => recordingOf(requireString(payload, 'kind')),
  events: Object.fromEntries(RECORDINGS.map((recording) => [recording, handler])),
};

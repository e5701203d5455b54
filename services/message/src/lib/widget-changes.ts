/**
 * What a submessage may say to a widget (Zulip's validate_poll_data and validate_todo_data): each
 * widget accepts a few kinds of change, each with exactly its keys, and only the widget's author
 * renames it (a poll's question, a to-do list's title). Submessages to messages that are no
 * widget, or of another widget type, are not checked beyond being JSON, as in Zulip. Pure.
 */
import { checkBool, checkDict, checkDictOnly, checkIntIn, checkIntRange, checkString, type Validator } from '@chat/contracts';

/** Zulip's MAX_IDX: the highest option index or task key the web client's widgets use. */
const MAX_IDX = 1000;

interface Change {
  keys: [string, Validator][];
  authorOnly?: string;
}

const CHANGES: Record<string, { label: string; kinds: Record<string, Change> }> = {
  poll: {
    label: 'poll data',
    kinds: {
      vote: {
        keys: [
          ['key', checkString],
          ['vote', checkIntIn([1, -1])],
        ],
      },
      question: { keys: [['question', checkString]], authorOnly: "You can't edit a question unless you are the author." },
      new_option: {
        keys: [
          ['option', checkString],
          ['idx', checkIntRange(0, MAX_IDX)],
        ],
      },
    },
  },
  todo: {
    label: 'todo data',
    kinds: {
      new_task: {
        keys: [
          ['key', checkIntRange(0, MAX_IDX)],
          ['task', checkString],
          ['desc', checkString],
          ['completed', checkBool],
        ],
      },
      strike: { keys: [['key', checkString]] },
      new_task_list_title: { keys: [['title', checkString]], authorOnly: "You can't edit the task list title unless you are the author." },
    },
  },
};

/** The widget's type from its first `widget` submessage's content (Zulip's get_widget_type), if any. */
export function widgetTypeOf(widgetContent: string | undefined): string | undefined {
  if (widgetContent === undefined) return undefined;
  try {
    const data: unknown = JSON.parse(widgetContent);
    const type = (data as { widget_type?: unknown } | null)?.widget_type;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}

/** Why `data` is no change the widget accepts from this person, or null when it is one. */
export function widgetChangeError(widgetType: string | undefined, data: unknown, isAuthor: boolean): string | null {
  const widget = widgetType === undefined ? undefined : CHANGES[widgetType];
  if (!widget) return null;
  const typeError = checkDict([['type', checkString]])(widget.label, data);
  if (typeError) return typeError;
  const type = (data as { type: string }).type;
  const change = Object.hasOwn(widget.kinds, type) ? widget.kinds[type]! : undefined;
  if (!change) return `Unknown type for ${widget.label}: ${type}`;
  if (change.authorOnly && !isAuthor) return change.authorOnly;
  return checkDictOnly([['type', checkString], ...change.keys])(widget.label, data);
}

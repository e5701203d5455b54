import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../api';
import type { Message } from '../../lib/types';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { editMessage, rawContent } from './message-actions';

/** A message's editor: its Markdown, saved with the button or Ctrl+Enter, left with Escape. */
export function Editor({ message, onDone }: { message: Message; onDone: () => void }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    rawContent(message.id)
      .then((raw) => setText(raw))
      .catch((e) => setError(errorText(e)));
  }, [message.id]);
  useEffect(() => {
    if (text !== null) ref.current?.focus();
  }, [text === null]);
  const save = async (e: Event) => {
    e.preventDefault();
    if (text === null) return;
    try {
      await editMessage(message.id, text);
      onDone();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form class="editor" onSubmit={(e) => void save(e)} aria-label="Message editor">
      <label class="visually-hidden" for={`edit-${message.id}`}>
        Edit message
      </label>
      <textarea
        id={`edit-${message.id}`}
        ref={ref}
        value={text ?? ''}
        disabled={text === null}
        rows={3}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onDone();
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save(e);
        }}
      />
      <div class="editor-actions">
        <button type="submit" class="primary" disabled={text === null}>
          Save
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ErrorAlert error={error} />
    </form>
  );
}

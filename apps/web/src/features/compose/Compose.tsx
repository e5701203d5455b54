import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../api';
import { app, openCompose, patchUi, ui, useStore } from '../../store';
import { narrowKey } from '../narrow/narrow';
import { streamTopics } from '../sidebar/stream-actions';
import { composeAfterViewChange, composeTargetForNarrow } from './compose-target';
import { ComposeForm } from './ComposeForm';
import { sendMessage, typing } from './send';
import { sendBlocker } from './send-model';
import { useDraft } from './useDraft';
import { useUploads } from './useUploads';

/** The compose box: closed, two buttons; open, the form for the message being written. */
export function Compose() {
  const request = useStore(ui, (s) => s.compose);
  const subs = useStore(app, (s) => s.subs);
  const narrow = useStore(app, (s) => s.view.narrow);
  const fields = {
    text: useRef<HTMLTextAreaElement>(null),
    topic: useRef<HTMLInputElement>(null),
    stream: useRef<HTMLInputElement>(null),
    to: useRef<HTMLInputElement>(null),
  };
  const draft = useDraft(request, fields);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [topics, setTopics] = useState<string[]>([]);
  const uploads = useUploads(fields.text, draft.content, draft.setContent, setError);
  // Sends go out one after another, in the order typed, while the box is free for the next one.
  const sending = useRef<Promise<void>>(Promise.resolve());

  useLayoutEffect(() => {
    if (!request) return;
    setPreview(null);
    setError(null);
  }, [request?.nonce]);

  // The view changed under an open box: an empty one follows it (or closes), one with text keeps
  // its recipient (the form's warning says so). Before paint, so the old recipient never shows
  // over the new view.
  const viewKey = narrowKey(narrow);
  const seenView = useRef(viewKey);
  useLayoutEffect(() => {
    if (seenView.current === viewKey) return;
    seenView.current = viewKey;
    if (!ui.get().compose) return;
    const change = composeAfterViewChange(app.get(), draft.content, narrow);
    if (change.action === 'retarget') openCompose(change.target);
    else if (change.action === 'close') patchUi({ compose: null });
  }, [viewKey]);

  const streamId = Object.values(subs).find((s) => s.name.toLowerCase() === draft.stream.trim().toLowerCase())?.stream_id;
  useEffect(() => {
    if (streamId === undefined || !request) {
      setTopics([]);
      return;
    }
    streamTopics(streamId)
      .then((list) => setTopics(list.map((t) => t.name).slice(0, 50)))
      .catch(() => setTopics([]));
  }, [streamId, request !== null]);

  if (!request) {
    return (
      <div class="compose-closed">
        <button type="button" onClick={() => openCompose(composeTargetForNarrow(app.get(), undefined, false))}>
          New stream message
        </button>
        <button type="button" onClick={() => openCompose(composeTargetForNarrow(app.get(), undefined, true))}>
          New private message
        </button>
      </div>
    );
  }

  const close = () => {
    typing(draft.target(), false);
    patchUi({ compose: null });
  };

  const send = () => {
    const text = draft.content;
    if (!text.trim()) return;
    const blocked = sendBlocker(draft.kind, draft.stream, draft.to, uploads.uploading);
    if (blocked) {
      setError(blocked);
      return;
    }
    // The box empties at once (the message usually arrives by its event before the answer), and
    // gets its text back if the send fails and nothing new was typed meanwhile.
    const destination = draft.target();
    setError(null);
    draft.setContent('');
    setPreview(null);
    fields.text.current?.focus();
    // "Stopped typing" goes after the message: sent first, its event would reach the other
    // side's long-poll ahead of the message and cost it a second poll.
    sending.current = sending.current
      .then(() => sendMessage(destination, text))
      .then(() => typing(destination, false))
      .catch((e: unknown) => {
        setError(errorText(e));
        draft.setContent((now) => (now === '' ? text : now));
      });
  };

  return (
    <ComposeForm
      draft={draft}
      fields={fields}
      subs={subs}
      topics={topics}
      preview={preview}
      setPreview={setPreview}
      error={error}
      setError={setError}
      uploads={uploads}
      send={send}
      close={close}
    />
  );
}

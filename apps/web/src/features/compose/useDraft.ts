import { useEffect, useLayoutEffect, useRef, useState, type MutableRef } from 'preact/hooks';
import type { ComposeRequest } from '../../store';
import type { ComposeTarget } from './compose-target';
import { storeDraft, storedDraft } from './draft-storage';
import { draftKey } from './drafts';

export interface ComposeFields {
  stream: MutableRef<HTMLInputElement | null>;
  topic: MutableRef<HTMLInputElement | null>;
  to: MutableRef<HTMLInputElement | null>;
  text: MutableRef<HTMLTextAreaElement | null>;
}

/**
 * The message being written: its recipient and text, set by each compose request (a reply, a
 * quote, a new message), its stored draft restored into an empty box, and every change of the
 * text saved as the conversation's draft.
 */
export function useDraft(request: ComposeRequest | null, fields: ComposeFields) {
  const [kind, setKind] = useState<'stream' | 'private'>('stream');
  const [stream, setStream] = useState('');
  const [topic, setTopic] = useState('');
  const [to, setTo] = useState('');
  const [content, setContent] = useState('');
  const pendingFocus = useRef<(() => boolean) | null>(null);
  const target = (): ComposeTarget => (kind === 'stream' ? { kind, stream: stream.trim(), topic: topic.trim() } : { kind, to });

  // A layout effect, and focus at once: a deferred focus could move the caret while the person
  // (or a test) is already typing in another field, sending their text there.
  useLayoutEffect(() => {
    if (!request) return;
    const t = request.target;
    setKind(t.kind);
    if (t.kind === 'stream') {
      setStream(t.stream);
      setTopic(t.topic);
    } else setTo(t.to);
    const key = draftKey(t);
    const draft = key === null ? undefined : storedDraft(key);
    setContent((c) => {
      const base = c === '' && draft !== undefined ? draft : c;
      return request.insert ? (base && !base.endsWith('\n') ? `${base}\n` : base) + request.insert : base;
    });
    const focus = () => {
      const field =
        t.kind === 'stream' && !t.stream
          ? fields.stream
          : t.kind === 'stream' && !t.topic
            ? fields.topic
            : t.kind === 'private' && !t.to
              ? fields.to
              : fields.text;
      field.current?.focus();
      return field.current !== null;
    };
    // The field may come with the next render (a switch between stream and private).
    pendingFocus.current = focus() ? null : focus;
  }, [request?.nonce]);
  useLayoutEffect(() => {
    if (pendingFocus.current?.()) pendingFocus.current = null;
  });

  // Saved under the conversation the text was written for; an emptied box (a send) removes it.
  useEffect(() => {
    const key = draftKey(target());
    if (key !== null) storeDraft(key, content);
  }, [content]);

  return { kind, stream, topic, to, content, setStream, setTopic, setTo, setContent, target };
}

export type DraftState = ReturnType<typeof useDraft>;

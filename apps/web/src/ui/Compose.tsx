import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { errorText, uploadFile } from '../api';
import { renderPreview, sendMessage, streamTopics, typing } from '../controller';
import {
  BUILTIN_EMOJI,
  insertAt,
  lastEntry,
  replacePlaceholder,
  replaceToken,
  tokenAt,
  uploadLink,
  uploadPlaceholder,
  type Token,
} from '../lib/compose';
import { composeAfterViewChange, composeTargetForNarrow, describeTarget, targetInView, type ComposeTarget } from '../lib/compose-target';
import { matchEmojiChoices } from '../lib/emoji';
import { narrowKey } from '../lib/narrow';
import type { AppState } from '../lib/types';
import { app, openCompose, patchUi, ui, useStore } from '../store';
import { Content, EmojiImage } from './Content';
import { ErrorAlert } from './ErrorAlert';
import { Icon } from './icons';

interface Suggestion {
  label: string;
  insert: string;
  /** An emoji suggestion's image. */
  emoji?: { name: string; url: string | undefined };
}

function useSuggestions() {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(0);
  const update = (list: Suggestion[]) => {
    setItems(list);
    setActive(0);
  };
  return { items, active, setActive, update };
}

function SuggestionList({
  id,
  items,
  active,
  onPick,
}: {
  id: string;
  items: Suggestion[];
  active: number;
  onPick: (s: Suggestion) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul class="suggestions" id={id} role="listbox" aria-label="Suggestions">
      {items.map((s, i) => (
        <li
          key={s.insert}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          class={i === active ? 'active' : ''}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(s);
          }}
        >
          {s.emoji && <EmojiImage name={s.emoji.name} url={s.emoji.url} decorative />}
          {s.emoji ? ` ${s.label}` : s.label}
        </li>
      ))}
    </ul>
  );
}

let serverEmoji: Record<string, string> | null = null;
function loadServerEmoji(): void {
  if (serverEmoji) return;
  serverEmoji = { ...BUILTIN_EMOJI };
  fetch('/static/generated/emoji/emoji_api.json')
    .then((r) => (r.ok ? r.json() : null))
    .then((data: { code_to_names?: Record<string, string[]> } | null) => {
      if (!data?.code_to_names) return;
      const names: Record<string, string> = { ...BUILTIN_EMOJI };
      for (const [code, list] of Object.entries(data.code_to_names)) for (const name of list) names[name] ??= code;
      serverEmoji = names;
    })
    .catch(() => undefined);
}

function userSuggestions(state: AppState, query: string, limit = 8): { id: number; name: string; email: string }[] {
  const q = query.toLowerCase();
  return Object.values(state.users)
    .filter((u) => u.is_active !== false && (u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)))
    .sort(
      (a, b) =>
        Number(!a.full_name.toLowerCase().startsWith(q)) - Number(!b.full_name.toLowerCase().startsWith(q)) ||
        a.full_name.localeCompare(b.full_name),
    )
    .slice(0, limit)
    .map((u) => ({ id: u.user_id, name: u.full_name, email: u.email }));
}

export function Compose() {
  const request = useStore(ui, (s) => s.compose);
  const subs = useStore(app, (s) => s.subs);
  const narrow = useStore(app, (s) => s.view.narrow);
  const [kind, setKind] = useState<'stream' | 'private'>('stream');
  const [stream, setStream] = useState('');
  const [topic, setTopic] = useState('');
  const [to, setTo] = useState('');
  const [content, setContent] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  // Sends go out one after another, in the order typed, while the box is free for the next one.
  const sending = useRef<Promise<void>>(Promise.resolve());
  const [error, setError] = useState<string | null>(null);
  const [topics, setTopics] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const topicRef = useRef<HTMLInputElement>(null);
  const streamRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const body = useSuggestions();
  const recipients = useSuggestions();
  const tokenRef = useRef<Token | undefined>(undefined);
  const pendingFocus = useRef<(() => boolean) | null>(null);

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
    if (request.insert) setContent((c) => (c && !c.endsWith('\n') ? `${c}\n` : c) + request.insert);
    setPreview(null);
    setError(null);
    const focus = () => {
      const field =
        t.kind === 'stream' && !t.stream
          ? streamRef
          : t.kind === 'stream' && !t.topic
            ? topicRef
            : t.kind === 'private' && !t.to
              ? toRef
              : textRef;
      field.current?.focus();
      return field.current !== null;
    };
    // The field may come with the next render (a switch between stream and private).
    pendingFocus.current = focus() ? null : focus;
  }, [request?.nonce]);
  useLayoutEffect(() => {
    if (pendingFocus.current?.()) pendingFocus.current = null;
  });

  // The view changed under an open box: an empty one follows it (or closes), one with text keeps
  // its recipient (the warning below says so). Before paint, so the old recipient never shows
  // over the new view.
  const viewKey = narrowKey(narrow);
  const seenView = useRef(viewKey);
  useLayoutEffect(() => {
    if (seenView.current === viewKey) return;
    seenView.current = viewKey;
    if (!ui.get().compose) return;
    const change = composeAfterViewChange(app.get(), content, narrow);
    if (change.action === 'retarget') openCompose(change.target);
    else if (change.action === 'close') patchUi({ compose: null });
  }, [viewKey]);

  const streamId = Object.values(subs).find((s) => s.name.toLowerCase() === stream.trim().toLowerCase())?.stream_id;
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

  const target = (): ComposeTarget => (kind === 'stream' ? { kind, stream: stream.trim(), topic: topic.trim() } : { kind, to });
  const inView = targetInView(app.get(), target(), narrow);

  const close = () => {
    typing(target(), false);
    patchUi({ compose: null });
  };

  const send = () => {
    if (!content.trim()) return;
    if (uploading > 0) {
      setError('Cannot send the message while files are being uploaded.');
      return;
    }
    if (kind === 'stream' && !stream.trim()) {
      setError('Please choose a stream.');
      return;
    }
    if (kind === 'private' && !to.trim()) {
      setError('Please choose recipients.');
      return;
    }
    // The box empties at once (the message usually arrives by its event before the answer), and
    // gets its text back if the send fails and nothing new was typed meanwhile.
    const text = content;
    const destination = target();
    setError(null);
    setContent('');
    setPreview(null);
    textRef.current?.focus();
    // "Stopped typing" goes after the message: sent first, its event would reach the other
    // side's long-poll ahead of the message and cost it a second poll.
    sending.current = sending.current
      .then(() => sendMessage(destination, text))
      .then(() => typing(destination, false))
      .catch((e: unknown) => {
        setError(errorText(e));
        setContent((now) => (now === '' ? text : now));
      });
  };

  /**
   * Each file holds its place in the text while it uploads, and its link replaces that when done:
   * uploads finish in any order, and each change applies to the text as it is by then.
   */
  const upload = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (list.length === 0) return;
    const el = textRef.current;
    const placeholders = list.map((file) => `${uploadPlaceholder(file.name)}\n`);
    const start = el?.selectionStart ?? content.length;
    const end = el?.selectionEnd ?? content.length;
    const inserted = insertAt(content, start, end, placeholders.join(''));
    setContent((now) => insertAt(now, start, end, placeholders.join('')).text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(inserted.caret, inserted.caret);
    });
    setUploading((n) => n + list.length);
    list.forEach((file, i) => {
      uploadFile(file)
        .then((uri) => setContent((now) => replacePlaceholder(now, placeholders[i]!, `${uploadLink(file.name, uri)}\n`)))
        .catch((e: unknown) => {
          setError(errorText(e));
          setContent((now) => replacePlaceholder(now, placeholders[i]!, ''));
        })
        .finally(() => setUploading((n) => n - 1));
    });
  };

  const updateBodySuggestions = (text: string, caret: number) => {
    const token = tokenAt(text, caret);
    tokenRef.current = token;
    if (!token) return body.update([]);
    if (token.trigger === '@') {
      body.update(userSuggestions(app.get(), token.query).map((u) => ({ label: `${u.name} (${u.email})`, insert: `@**${u.name}**` })));
    } else if (token.query.length >= 1) {
      loadServerEmoji();
      const choices = matchEmojiChoices(serverEmoji ?? BUILTIN_EMOJI, app.get().realmEmoji, token.query);
      body.update(choices.map((e) => ({ label: `:${e.name}:`, insert: `:${e.name}:`, emoji: e })));
    } else body.update([]);
  };

  const pickBody = (s: Suggestion) => {
    const el = textRef.current;
    const token = tokenRef.current;
    if (!el || !token) return;
    const result = replaceToken(content, el.selectionStart, token, s.insert);
    setContent(result.text);
    body.update([]);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(result.caret, result.caret);
    });
  };

  const pickRecipient = (s: Suggestion) => {
    const { prefix } = lastEntry(to);
    setTo(`${prefix}${s.insert}, `);
    recipients.update([]);
    toRef.current?.focus();
  };

  const listKeys = (e: KeyboardEvent, list: ReturnType<typeof useSuggestions>, pick: (s: Suggestion) => void): boolean => {
    if (list.items.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      list.setActive((list.active + step + list.items.length) % list.items.length);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(list.items[list.active]!);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      list.update([]);
      return true;
    }
    return false;
  };

  return (
    <form
      class="compose"
      aria-label="Compose"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        if (e.dataTransfer?.files.length) {
          e.preventDefault();
          upload(e.dataTransfer.files);
        }
      }}
    >
      <div class="compose-recipient">
        {kind === 'stream' ? (
          <>
            <label for="compose-stream">Stream</label>
            <input
              id="compose-stream"
              ref={streamRef}
              list="compose-streams"
              value={stream}
              autocomplete="off"
              onInput={(e) => setStream(e.currentTarget.value)}
            />
            <datalist id="compose-streams">
              {Object.values(subs).map((s) => (
                <option key={s.stream_id} value={s.name} />
              ))}
            </datalist>
            <label for="compose-topic">Topic</label>
            <input
              id="compose-topic"
              ref={topicRef}
              list="compose-topics"
              value={topic}
              autocomplete="off"
              maxLength={60}
              onInput={(e) => setTopic(e.currentTarget.value)}
            />
            <datalist id="compose-topics">
              {topics.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </>
        ) : (
          <div class="to-field">
            <label for="compose-to">To</label>
            <input
              id="compose-to"
              ref={toRef}
              value={to}
              autocomplete="off"
              placeholder="e-mail addresses, comma separated"
              aria-autocomplete="list"
              aria-controls={recipients.items.length ? 'to-suggestions' : undefined}
              aria-activedescendant={recipients.items.length ? `to-suggestions-${recipients.active}` : undefined}
              onInput={(e) => {
                const value = e.currentTarget.value;
                setTo(value);
                const { query } = lastEntry(value);
                recipients.update(
                  query ? userSuggestions(app.get(), query).map((u) => ({ label: `${u.name} (${u.email})`, insert: u.email })) : [],
                );
              }}
              onKeyDown={(e) => {
                listKeys(e, recipients, pickRecipient);
              }}
              onBlur={() => recipients.update([])}
            />
            <SuggestionList id="to-suggestions" items={recipients.items} active={recipients.active} onPick={pickRecipient} />
          </div>
        )}
        <button type="button" class="icon close" aria-label="Close compose" onClick={close}>
          <Icon name="close" />
        </button>
      </div>
      {inView === false && (
        <p class="compose-warning" role="status">
          <Icon name="warning" />
          <span>
            Not the conversation in view: this message goes to <strong>{describeTarget(app.get(), target())}</strong>.
          </span>
        </p>
      )}
      <div class="compose-body">
        <label for="compose-message" class="visually-hidden">
          Message
        </label>
        {preview !== null ? (
          <Content
            class="message-content preview"
            aria-label="Preview"
            role="region"
            html={preview || '<p><em>Nothing to preview</em></p>'}
          />
        ) : null}
        <textarea
          id="compose-message"
          ref={textRef}
          class={preview !== null ? 'hidden' : ''}
          rows={3}
          value={content}
          placeholder="Message"
          aria-autocomplete="list"
          aria-controls={body.items.length ? 'body-suggestions' : undefined}
          aria-activedescendant={body.items.length ? `body-suggestions-${body.active}` : undefined}
          onInput={(e) => {
            const el = e.currentTarget;
            setContent(el.value);
            updateBodySuggestions(el.value, el.selectionStart);
            typing(target(), el.value.length > 0);
          }}
          onKeyDown={(e) => {
            if (listKeys(e, body, pickBody)) return;
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            } else if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          onBlur={() => body.update([])}
          onPaste={(e) => {
            const files = e.clipboardData?.files;
            if (files && files.length > 0) {
              e.preventDefault();
              upload(files);
            }
          }}
        />
        <SuggestionList id="body-suggestions" items={body.items} active={body.active} onPick={pickBody} />
      </div>
      <div class="compose-actions">
        <button type="submit" class="primary" disabled={!content.trim()}>
          Send
        </button>
        <button
          type="button"
          aria-pressed={preview !== null}
          onClick={() => {
            if (preview !== null) {
              setPreview(null);
              return;
            }
            renderPreview(content || ' ')
              .then(setPreview)
              .catch((e) => setError(errorText(e)));
          }}
        >
          Preview
        </button>
        <button type="button" onClick={() => fileRef.current?.click()}>
          Attach a file
        </button>
        <input
          ref={fileRef}
          type="file"
          multiple
          class="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const files = e.currentTarget.files;
            if (files) upload(files);
            e.currentTarget.value = '';
          }}
        />
        {uploading > 0 && <span role="status">Uploading…</span>}
        <span class="hint">Enter to send, Shift+Enter for a new line</span>
      </div>
      <ErrorAlert error={error} />
    </form>
  );
}

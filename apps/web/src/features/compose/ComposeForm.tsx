import { useRef } from 'preact/hooks';
import { errorText } from '../../api';
import type { Subscription } from '../../lib/types';
import { app, useStore } from '../../store';
import { Content } from '../../ui/Content';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Icon } from '../../ui/icons';
import { replaceToken, tokenAt, type Token } from './compose';
import { describeTarget, targetInView } from './compose-target';
import { RecipientFields } from './RecipientFields';
import { renderPreview, typing } from './send';
import { SuggestionList } from './SuggestionList';
import { bodySuggestions, emojiNames, type Suggestion } from './suggestions';
import type { ComposeFields, DraftState } from './useDraft';
import type { useUploads } from './useUploads';
import { useSuggestions } from './useSuggestions';

interface Props {
  draft: DraftState;
  fields: ComposeFields;
  subs: Record<number, Subscription>;
  topics: string[];
  preview: string | null;
  setPreview: (html: string | null) => void;
  error: string | null;
  setError: (error: string | null) => void;
  uploads: ReturnType<typeof useUploads>;
  send: () => void;
  close: () => void;
}

/** The open compose box: recipient, text (with suggestions, paste and drop of files), preview and send. */
export function ComposeForm({ draft, fields, subs, topics, preview, setPreview, error, setError, uploads, send, close }: Props) {
  const narrow = useStore(app, (s) => s.view.narrow);
  const body = useSuggestions();
  const tokenRef = useRef<Token | undefined>(undefined);
  const fileRef = useRef<HTMLInputElement>(null);
  const inView = targetInView(app.get(), draft.target(), narrow);

  const pickBody = (s: Suggestion) => {
    const el = fields.text.current;
    const token = tokenRef.current;
    if (!el || !token) return;
    const result = replaceToken(draft.content, el.selectionStart, token, s.insert);
    draft.setContent(result.text);
    body.update([]);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(result.caret, result.caret);
    });
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
          uploads.upload(e.dataTransfer.files);
        }
      }}
    >
      <div class="compose-recipient">
        <RecipientFields draft={draft} fields={fields} subs={subs} topics={topics} />
        <button type="button" class="icon close" aria-label="Close compose" onClick={close}>
          <Icon name="close" />
        </button>
      </div>
      {inView === false && (
        <p class="compose-warning" role="status">
          <Icon name="warning" />
          <span>
            Not the conversation in view: this message goes to <strong>{describeTarget(app.get(), draft.target())}</strong>.
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
          ref={fields.text}
          class={preview !== null ? 'hidden' : ''}
          rows={3}
          value={draft.content}
          placeholder="Message"
          aria-autocomplete="list"
          aria-controls={body.items.length ? 'body-suggestions' : undefined}
          aria-activedescendant={body.items.length ? `body-suggestions-${body.active}` : undefined}
          onInput={(e) => {
            const el = e.currentTarget;
            draft.setContent(el.value);
            const token = tokenAt(el.value, el.selectionStart);
            tokenRef.current = token;
            body.update(bodySuggestions(app.get(), token, token?.trigger === ':' && token.query ? emojiNames() : {}));
            typing(draft.target(), el.value.length > 0);
          }}
          onKeyDown={(e) => {
            if (body.keys(e, pickBody)) return;
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
              uploads.upload(files);
            }
          }}
        />
        <SuggestionList id="body-suggestions" items={body.items} active={body.active} onPick={pickBody} />
      </div>
      <div class="compose-actions">
        <button type="submit" class="primary" disabled={!draft.content.trim()}>
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
            renderPreview(draft.content || ' ')
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
            if (files) uploads.upload(files);
            e.currentTarget.value = '';
          }}
        />
        {uploads.uploading > 0 && <span role="status">Uploading…</span>}
        <span class="hint">Enter to send, Shift+Enter for a new line</span>
      </div>
      <ErrorAlert error={error} />
    </form>
  );
}

import type { Subscription } from '../../lib/types';
import { app } from '../../store';
import { lastEntry } from './compose';
import { SuggestionList } from './SuggestionList';
import { recipientSuggestions, type Suggestion } from './suggestions';
import type { ComposeFields, DraftState } from './useDraft';
import { useSuggestions } from './useSuggestions';

/** Who the message goes to: a stream and topic (with the known ones offered), or people's addresses. */
export function RecipientFields({
  draft,
  fields,
  subs,
  topics,
}: {
  draft: DraftState;
  fields: ComposeFields;
  subs: Record<number, Subscription>;
  topics: string[];
}) {
  const recipients = useSuggestions();
  const pickRecipient = (s: Suggestion) => {
    const { prefix } = lastEntry(draft.to);
    draft.setTo(`${prefix}${s.insert}, `);
    recipients.update([]);
    fields.to.current?.focus();
  };
  if (draft.kind === 'stream') {
    return (
      <>
        <label for="compose-stream">Stream</label>
        <input
          id="compose-stream"
          ref={fields.stream}
          list="compose-streams"
          value={draft.stream}
          autocomplete="off"
          onInput={(e) => draft.setStream(e.currentTarget.value)}
        />
        <datalist id="compose-streams">
          {Object.values(subs).map((s) => (
            <option key={s.stream_id} value={s.name} />
          ))}
        </datalist>
        <label for="compose-topic">Topic</label>
        <input
          id="compose-topic"
          ref={fields.topic}
          list="compose-topics"
          value={draft.topic}
          autocomplete="off"
          maxLength={60}
          onInput={(e) => draft.setTopic(e.currentTarget.value)}
        />
        <datalist id="compose-topics">
          {topics.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </>
    );
  }
  return (
    <div class="to-field">
      <label for="compose-to">To</label>
      <input
        id="compose-to"
        ref={fields.to}
        value={draft.to}
        autocomplete="off"
        placeholder="e-mail addresses, comma separated"
        aria-autocomplete="list"
        aria-controls={recipients.items.length ? 'to-suggestions' : undefined}
        aria-activedescendant={recipients.items.length ? `to-suggestions-${recipients.active}` : undefined}
        onInput={(e) => {
          const value = e.currentTarget.value;
          draft.setTo(value);
          recipients.update(recipientSuggestions(app.get(), lastEntry(value).query));
        }}
        onKeyDown={(e) => {
          recipients.keys(e, pickRecipient);
        }}
        onBlur={() => recipients.update([])}
      />
      <SuggestionList id="to-suggestions" items={recipients.items} active={recipients.active} onPick={pickRecipient} />
    </div>
  );
}

/** Alert words: the list, adding (comma-separated) and removing; the server answers the whole list each time. */
import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../../api';
import { Feedback } from './Feedback';
import { fetchState } from './initial-state';
import { parseAlertWords } from './settings-model';
import { useSave } from './useSave';

export function AlertWordsSection() {
  const [words, setWords] = useState<string[] | null>(null);
  const [input, setInput] = useState('');
  const save = useSave();
  useEffect(() => {
    void fetchState(['alert_words']).then((state) => setWords(state.alert_words ?? []));
  }, []);
  // The answer's list is declared as an array of unknowns: keep its strings.
  const keep = (list: unknown[]) => setWords(list.filter((w): w is string => typeof w === 'string'));
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    const toAdd = parseAlertWords(input);
    if (toAdd.length === 0) return;
    const ok = await save.run(async () => keep((await api(settingsEndpoints.addAlertWords, { alert_words: toAdd })).alert_words));
    if (ok) setInput('');
  };
  const remove = (word: string) =>
    void save.run(async () => keep((await api(settingsEndpoints.removeAlertWords, { alert_words: [word] })).alert_words));
  return (
    <section class="settings-section personal" aria-label="Alert words">
      <p>A message containing one of these words notifies you as a mention does.</p>
      <form class="settings-form" aria-label="Add alert words" onSubmit={(e) => void onSubmit(e)}>
        <label for="alert-words-input">New alert words (separated by commas)</label>
        <input id="alert-words-input" value={input} onInput={(e) => setInput(e.currentTarget.value)} />
        <button type="submit" class="primary" disabled={save.busy}>
          Add
        </button>
      </form>
      {words === null ? (
        <p role="status">Loading…</p>
      ) : words.length === 0 ? (
        <p>You have no alert words.</p>
      ) : (
        <ul class="plain-list" aria-label="My alert words">
          {words.map((w) => (
            <li key={w}>
              {w}{' '}
              <button type="button" disabled={save.busy} onClick={() => remove(w)}>
                Remove {w}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Feedback save={save} />
    </section>
  );
}

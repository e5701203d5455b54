/** Linkifiers: patterns in messages that become links; add and remove. */
import { messageEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { ActionStatus, AdminScreen, useAction, useLoad } from './admin-ui';
import { loadRealmState } from './realm-state';

export function LinkifiersSection() {
  const loaded = useLoad(async () => (await loadRealmState(['realm_filters'])).realm_filters ?? []);
  const action = useAction();
  const [pattern, setPattern] = useState('');
  const [url, setUrl] = useState('');
  const add = async (e: Event) => {
    e.preventDefault();
    const ok = await action.run(
      () => api(messageEndpoints.addRealmFilter, { pattern, url_format_string: url }),
      'Linkifier added.',
      loaded.reload,
    );
    if (ok) {
      setPattern('');
      setUrl('');
    }
  };
  return (
    <AdminScreen title="Linkifiers" loaded={loaded}>
      <ul class="admin-list" aria-label="Linkifiers">
        {(loaded.data ?? []).map(([p, format, id]) => (
          <li key={id}>
            <code>{p}</code> → <code>{format}</code>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(() => api(messageEndpoints.removeRealmFilter, { filter_id: id }), 'Linkifier removed.', loaded.reload)
              }
            >
              Remove linkifier {p}
            </button>
          </li>
        ))}
      </ul>
      <form class="admin-form" aria-label="Add a linkifier" onSubmit={(e) => void add(e)}>
        <label for="linkifier-pattern">Pattern (a regular expression with named groups)</label>
        <input
          id="linkifier-pattern"
          required
          value={pattern}
          placeholder="#(?P<id>[0-9]+)"
          onInput={(e) => setPattern(e.currentTarget.value)}
        />
        <label for="linkifier-url">URL format</label>
        <input
          id="linkifier-url"
          required
          value={url}
          placeholder="https://tracker.example.com/%(id)s"
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={action.busy}>
          Add linkifier
        </button>
      </form>
      <ActionStatus action={action} />
    </AdminScreen>
  );
}

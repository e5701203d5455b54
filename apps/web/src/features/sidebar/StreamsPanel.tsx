/** Browsing, subscribing to and creating streams: loaded on demand (not in the first bundle). */
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../../api';
import { navigate } from '../narrow/loader';
import { allStreams, subscribe, unsubscribe } from './stream-actions';
import type { Stream } from '../../lib/types';
import { Content } from '../../ui/Content';
import { Icon } from '../../ui/icons';
import { app, patchUi, useStore } from '../../store';
import { ErrorAlert } from '../../ui/ErrorAlert';

export function StreamsPanel() {
  const subs = useStore(app, (s) => s.subs);
  const known = useStore(app, (s) => s.streams);
  const [streams, setStreams] = useState<(Stream & { rendered_description?: string })[] | null>(null);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [inviteOnly, setInviteOnly] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    allStreams()
      .then((list) => setStreams(list))
      .catch((e) => setError(errorText(e)));
  }, [known]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const create = (e: Event) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    void run(async () => {
      await subscribe(trimmed, { description, invite_only: inviteOnly });
      setName('');
      setDescription('');
      setInviteOnly(false);
    });
  };

  const q = filter.trim().toLowerCase();
  const list = (streams ?? []).filter((s) => !q || s.name.toLowerCase().includes(q)).sort((a, b) => a.name.localeCompare(b.name));

  return (
    <section class="streams-panel" aria-label="Browse streams">
      <div class="panel-head">
        <button type="button" onClick={() => patchUi({ panel: null })}>
          Close
        </button>
      </div>
      <ErrorAlert error={error} />
      <form class="create-stream" aria-label="Create stream" onSubmit={create}>
        <h3>Create a stream</h3>
        <label for="new-stream-name">Stream name</label>
        <input id="new-stream-name" required maxLength={60} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="new-stream-description">Description</label>
        <input id="new-stream-description" maxLength={1024} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        <label class="check">
          <input type="checkbox" checked={inviteOnly} onChange={(e) => setInviteOnly(e.currentTarget.checked)} />
          Private
        </label>
        <button type="submit" class="primary" disabled={busy}>
          Create stream
        </button>
      </form>
      <input
        type="search"
        aria-label="Filter streams"
        placeholder="Filter streams"
        value={filter}
        onInput={(e) => setFilter(e.currentTarget.value)}
      />
      {streams === null ? (
        <p role="status">Loading streams…</p>
      ) : (
        <ul class="stream-browser" aria-label="All streams">
          {list.map((s) => {
            const subscribed = s.stream_id in subs;
            return (
              <li key={s.stream_id}>
                <div>
                  <a
                    href="#"
                    onClick={(e) => {
                      e.preventDefault();
                      navigate([{ operator: 'stream', operand: String(s.stream_id) }]);
                    }}
                  >
                    {s.invite_only ? (
                      <span class="lock" role="img" aria-label="private">
                        <Icon name="lock" />
                      </span>
                    ) : (
                      '#'
                    )}
                    {s.name}
                  </a>
                  {/* The server's rendering, shown as message content is (the raw text is Markdown). */}
                  {s.rendered_description ? (
                    <Content class="description message-content" html={s.rendered_description} />
                  ) : (
                    s.description && <p class="description">{s.description}</p>
                  )}
                </div>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`${subscribed ? 'Unsubscribe from' : 'Subscribe to'} ${s.name}`}
                  onClick={() => void run(() => (subscribed ? unsubscribe(s.name) : subscribe(s.name)))}
                >
                  {subscribed ? 'Unsubscribe' : 'Subscribe'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

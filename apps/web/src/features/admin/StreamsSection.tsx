/** Streams: create one, and for each its name, description, privacy, who may post, subscribers, archiving. */
import { subscriptionEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { ActionStatus, AdminScreen, useAction, useLoad, type Action } from './admin-ui';
import { loadRealmState } from './realm-state';
import { StreamEditor, type EditableStream } from './StreamEditor';
import { PRIVACY_OPTIONS, privacyParams, toPrivacy, type Privacy } from './stream-privacy';

export function StreamsSection() {
  const loaded = useLoad(async () => {
    const state = await loadRealmState(['stream']);
    return [...(state.streams ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  });
  const action = useAction();
  const [selected, setSelected] = useState<number | null>(null);
  const stream = loaded.data?.find((s) => s.stream_id === selected);
  return (
    <AdminScreen title="Streams" loaded={loaded}>
      <CreateStream action={action} onCreated={loaded.reload} />
      <ActionStatus action={action} />
      <h3>Streams</h3>
      <ul class="admin-list" aria-label="Streams">
        {(loaded.data ?? []).map((s) => (
          <li key={s.stream_id}>
            <button type="button" aria-pressed={s.stream_id === selected} onClick={() => setSelected(s.stream_id)}>
              Edit #{s.name}
            </button>
            <span>{s.invite_only ? 'private' : 'public'}</span>
          </li>
        ))}
      </ul>
      {stream && <StreamEditor key={stream.stream_id} stream={stream satisfies EditableStream} action={action} onChanged={loaded.reload} />}
    </AdminScreen>
  );
}

function CreateStream({ action, onCreated }: { action: Action; onCreated: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState<Privacy>('public');
  const create = async (e: Event) => {
    e.preventDefault();
    const rules = privacyParams(privacy);
    const ok = await action.run(
      () =>
        api(subscriptionEndpoints.subscribe, {
          subscriptions: [{ name: name.trim(), description }],
          invite_only: rules.is_private,
          history_public_to_subscribers: rules.history_public_to_subscribers,
        }),
      `Stream #${name.trim()} created.`,
      onCreated,
    );
    if (ok) {
      setName('');
      setDescription('');
    }
  };
  return (
    <form class="admin-form" aria-label="Create a stream" onSubmit={(e) => void create(e)}>
      <label for="new-stream-name">New stream name</label>
      <input id="new-stream-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <label for="new-stream-description">Description</label>
      <input id="new-stream-description" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      <label for="new-stream-privacy">Privacy</label>
      <select id="new-stream-privacy" value={privacy} onChange={(e) => setPrivacy(toPrivacy(e.currentTarget.value))}>
        {PRIVACY_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" class="primary" disabled={action.busy}>
        Create stream
      </button>
    </form>
  );
}

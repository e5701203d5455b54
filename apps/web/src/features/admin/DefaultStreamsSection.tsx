/** Default streams (every new user joins them) and default stream groups (offered at sign-up). */
import { subscriptionEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { ActionStatus, AdminScreen, useAction, useLoad } from './admin-ui';
import { loadRealmState } from './realm-state';

export function DefaultStreamsSection() {
  const loaded = useLoad(async () => {
    const state = await loadRealmState(['stream', 'default_streams', 'default_stream_groups']);
    return { streams: state.streams ?? [], defaults: state.realm_default_streams ?? [], groups: state.realm_default_stream_groups ?? [] };
  });
  const action = useAction();
  const [stream, setStream] = useState('');
  const [groupName, setGroupName] = useState('');
  const [groupDescription, setGroupDescription] = useState('');
  const [groupStreams, setGroupStreams] = useState<string[]>([]);
  const names = (loaded.data?.streams ?? []).map((s) => s.name).sort();
  const addDefault = (e: Event) => {
    e.preventDefault();
    if (stream)
      void action.run(
        () => api(subscriptionEndpoints.addDefaultStream, { stream_name: stream }),
        `#${stream} is a default stream.`,
        loaded.reload,
      );
  };
  const createGroup = async (e: Event) => {
    e.preventDefault();
    const ok = await action.run(
      () =>
        api(subscriptionEndpoints.createDefaultStreamGroup, {
          group_name: groupName.trim(),
          description: groupDescription,
          stream_names: groupStreams,
        }),
      `Group ${groupName.trim()} created.`,
      loaded.reload,
    );
    if (ok) {
      setGroupName('');
      setGroupDescription('');
      setGroupStreams([]);
    }
  };
  return (
    <AdminScreen title="Default streams" loaded={loaded}>
      <h3>Default streams</h3>
      <ul class="admin-list" aria-label="Default streams">
        {(loaded.data?.defaults ?? []).map((s) => (
          <li key={s.stream_id}>
            <span>#{s.name}</span>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(
                  () => api(subscriptionEndpoints.removeDefaultStream, { stream_name: s.name }),
                  `#${s.name} removed.`,
                  loaded.reload,
                )
              }
            >
              Remove #{s.name}
            </button>
          </li>
        ))}
      </ul>
      <form class="admin-form" aria-label="Add a default stream" onSubmit={addDefault}>
        <label for="default-stream">Stream</label>
        <select id="default-stream" value={stream} onChange={(e) => setStream(e.currentTarget.value)}>
          <option value="">Choose a stream</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="submit" disabled={action.busy}>
          Add default stream
        </button>
      </form>
      <h3>Default stream groups</h3>
      <ul class="admin-list" aria-label="Default stream groups">
        {(loaded.data?.groups ?? []).map((g) => (
          <li key={g.id}>
            <span>
              {g.name}: {g.streams.map((s) => `#${s.name}`).join(', ')}
            </span>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(
                  () => api(subscriptionEndpoints.removeDefaultStreamGroup, { group_id: g.id }),
                  `Group ${g.name} deleted.`,
                  loaded.reload,
                )
              }
            >
              Delete group {g.name}
            </button>
          </li>
        ))}
      </ul>
      <form class="admin-form" aria-label="Create a default stream group" onSubmit={(e) => void createGroup(e)}>
        <label for="group-name">Group name</label>
        <input id="group-name" required value={groupName} onInput={(e) => setGroupName(e.currentTarget.value)} />
        <label for="group-description">Description</label>
        <input id="group-description" required value={groupDescription} onInput={(e) => setGroupDescription(e.currentTarget.value)} />
        <fieldset>
          <legend>Its streams</legend>
          {names.map((n) => (
            <label key={n} class="check">
              <input
                type="checkbox"
                checked={groupStreams.includes(n)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setGroupStreams((list) => (on ? [...list, n] : list.filter((x) => x !== n)));
                }}
              />
              {n}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={action.busy}>
          Create group
        </button>
      </form>
      <ActionStatus action={action} />
    </AdminScreen>
  );
}

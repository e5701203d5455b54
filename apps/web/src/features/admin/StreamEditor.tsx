/** One stream's settings for an administrator: rename, description, privacy, posting, subscribers, archive. */
import { subscriptionEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { useLoad, type Action } from './admin-ui';
import { privacyOf, privacyParams, PRIVACY_OPTIONS, toPrivacy, type Privacy } from './stream-privacy';

export interface EditableStream {
  stream_id: number;
  name: string;
  description: string;
  invite_only: boolean;
  history_public_to_subscribers: boolean;
  is_announcement_only: boolean;
}

export function StreamEditor({ stream, action, onChanged }: { stream: EditableStream; action: Action; onChanged: () => Promise<void> }) {
  const [name, setName] = useState(stream.name);
  const [description, setDescription] = useState(stream.description);
  const [privacy, setPrivacy] = useState<Privacy>(privacyOf(stream));
  const [onlyAdmins, setOnlyAdmins] = useState(stream.is_announcement_only);
  const [newSubscriber, setNewSubscriber] = useState('');
  const members = useLoad(async () => {
    const answer = await api(subscriptionEndpoints.getStreamMembers, { stream_id: stream.stream_id });
    return answer.subscribers.filter((e): e is string => typeof e === 'string').sort();
  });
  const id = stream.stream_id;
  const save = (e: Event) => {
    e.preventDefault();
    const rules = privacyParams(privacy);
    void action.run(
      () =>
        api(subscriptionEndpoints.updateStream, {
          stream_id: id,
          ...(name.trim() !== stream.name ? { new_name: name.trim() } : {}),
          ...(description !== stream.description ? { description } : {}),
          ...(privacy !== privacyOf(stream) ? rules : {}),
          ...(onlyAdmins !== stream.is_announcement_only ? { is_announcement_only: onlyAdmins } : {}),
        }),
      'Stream saved.',
      onChanged,
    );
  };
  const addSubscriber = (e: Event) => {
    e.preventDefault();
    void action.run(
      () => api(subscriptionEndpoints.subscribe, { subscriptions: [{ name: stream.name }], principals: [newSubscriber.trim()] }),
      `${newSubscriber.trim()} subscribed.`,
      () => (setNewSubscriber(''), members.reload()),
    );
  };
  const remove = (email: string) =>
    void action.run(
      () => api(subscriptionEndpoints.unsubscribe, { subscriptions: [stream.name], principals: [email] }),
      `${email} unsubscribed.`,
      members.reload,
    );
  return (
    <section class="admin-detail" aria-label={`Stream #${stream.name}`}>
      <h3>#{stream.name}</h3>
      <form class="admin-form" aria-label="Stream settings" onSubmit={save}>
        <label for="stream-name">Name</label>
        <input id="stream-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="stream-description">Description</label>
        <input id="stream-description" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        <label for="stream-privacy">Privacy</label>
        <select id="stream-privacy" value={privacy} onChange={(e) => setPrivacy(toPrivacy(e.currentTarget.value))}>
          {PRIVACY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <label class="check">
          <input type="checkbox" checked={onlyAdmins} onChange={(e) => setOnlyAdmins(e.currentTarget.checked)} />
          Only administrators may post
        </label>
        <button type="submit" class="primary" disabled={action.busy}>
          Save stream
        </button>
      </form>
      <h4>Subscribers</h4>
      <ul class="admin-list" aria-label="Subscribers">
        {(members.data ?? []).map((email) => (
          <li key={email}>
            <span>{email}</span>
            <button type="button" aria-label={`Unsubscribe ${email}`} disabled={action.busy} onClick={() => remove(email)}>
              Unsubscribe
            </button>
          </li>
        ))}
      </ul>
      <form class="admin-form" aria-label="Add a subscriber" onSubmit={addSubscriber}>
        <label for="stream-add-subscriber">E-mail address to subscribe</label>
        <input
          id="stream-add-subscriber"
          type="email"
          required
          value={newSubscriber}
          onInput={(e) => setNewSubscriber(e.currentTarget.value)}
        />
        <button type="submit" disabled={action.busy}>
          Subscribe
        </button>
      </form>
      <button
        type="button"
        class="danger"
        disabled={action.busy}
        onClick={() =>
          void action.run(() => api(subscriptionEndpoints.deleteStream, { stream_id: id }), `#${stream.name} archived.`, onChanged)
        }
      >
        Archive #{stream.name}
      </button>
    </section>
  );
}

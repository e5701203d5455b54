/**
 * Muted users (from /register's muted_users, unmuted with DELETE /users/me/muted_users/{id}) and
 * muted topics (the client's own user_topics, unmuted through PATCH .../muted_topics).
 */
import { settingsEndpoints, subscriptionEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../../api';
import { app, useStore } from '../../../store';
import { Feedback } from './Feedback';
import { fetchState } from './initial-state';
import { mutedTopicRows, type MutedTopicRow } from './settings-model';
import { useSave } from './useSave';

export function MutingSection() {
  return (
    <section class="settings-section personal" aria-label="Muted users and topics">
      <MutedUsers />
      <MutedTopics />
    </section>
  );
}

function MutedUsers() {
  const users = useStore(app, (s) => s.users);
  const [ids, setIds] = useState<number[] | null>(null);
  const save = useSave();
  useEffect(() => {
    void fetchState(['muted_users']).then((state) => setIds((state.muted_users ?? []).map((m) => m.id)));
  }, []);
  const unmute = async (id: number) => {
    if (await save.run(() => api(settingsEndpoints.unmuteUser, { muted_user_id: id })))
      setIds((list) => list?.filter((x) => x !== id) ?? null);
  };
  return (
    <div class="settings-form">
      <h3>Muted users</h3>
      {ids === null ? (
        <p role="status">Loading…</p>
      ) : ids.length === 0 ? (
        <p>You have muted nobody.</p>
      ) : (
        <ul class="plain-list" aria-label="Muted users">
          {ids.map((id) => {
            const name = users[id]?.full_name ?? `User ${id}`;
            return (
              <li key={id}>
                {name}{' '}
                <button type="button" disabled={save.busy} onClick={() => void unmute(id)}>
                  Unmute {name}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Feedback save={save} />
    </div>
  );
}

function MutedTopics() {
  const streams = useStore(app, (s) => s.streams);
  const [topics, setTopics] = useState<MutedTopicRow[] | null>(null);
  const save = useSave();
  useEffect(() => {
    void fetchState(['user_topic']).then((state) =>
      setTopics(mutedTopicRows(state.user_topics ?? [], (id) => app.get().streams[id]?.name)),
    );
  }, [streams]);
  const unmute = async (row: MutedTopicRow) => {
    const ok = await save.run(() =>
      api(subscriptionEndpoints.updateMutedTopic, { stream_id: row.streamId, topic: row.topic, op: 'remove' }),
    );
    if (ok) setTopics((list) => list?.filter((t) => t !== row) ?? null);
  };
  return (
    <div class="settings-form">
      <h3>Muted topics</h3>
      {topics === null ? (
        <p role="status">Loading…</p>
      ) : topics.length === 0 ? (
        <p>You have muted no topic.</p>
      ) : (
        <ul class="plain-list" aria-label="Muted topics">
          {topics.map((t) => (
            <li key={`${t.streamId}:${t.topic}`}>
              #{t.streamName} › {t.topic}{' '}
              <button type="button" disabled={save.busy} onClick={() => void unmute(t)}>
                Unmute {t.topic}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Feedback save={save} />
    </div>
  );
}

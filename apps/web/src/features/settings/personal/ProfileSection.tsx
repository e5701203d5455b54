/** The profile: full name (PATCH /settings), avatar (upload or back to Gravatar) and status text. */
import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../../api';
import { app, useStore } from '../../../store';
import { Avatar } from '../../../ui/Avatar';
import { deleteAvatar, uploadAvatar } from './avatar-upload';
import { Feedback } from './Feedback';
import { fetchState } from './initial-state';
import { MAX_STATUS_TEXT } from './settings-model';
import { useSave } from './useSave';

export function ProfileSection() {
  return (
    <section class="settings-section personal" aria-label="Profile">
      <NameForm />
      <AvatarForm />
      <StatusForm />
    </section>
  );
}

function NameForm() {
  const held = useStore(app, (s) => s.users[s.selfId]?.full_name ?? '');
  const [name, setName] = useState(held);
  useEffect(() => setName(held), [held]);
  const save = useSave();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void save.run(() => api(settingsEndpoints.updateSettings, { full_name: name }), 'Your name is saved.');
  };
  return (
    <form class="settings-form" aria-label="Full name" onSubmit={onSubmit}>
      <h3>Full name</h3>
      <label for="profile-full-name">Full name</label>
      <input id="profile-full-name" value={name} required maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
      <button type="submit" class="primary" disabled={save.busy || name === held}>
        Save name
      </button>
      <Feedback save={save} />
    </form>
  );
}

function AvatarForm() {
  const self = useStore(app, (s) => s.users[s.selfId]);
  const save = useSave();
  const onFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    void save.run(() => uploadAvatar(file), 'Your avatar is changed.').then(() => (input.value = ''));
  };
  return (
    <div class="settings-form" role="group" aria-labelledby="avatar-title">
      <h3 id="avatar-title">Avatar</h3>
      <div class="avatar-row">
        <Avatar url={self?.avatar_url} name={self?.full_name ?? ''} size={64} />
        <label class="file-button">
          Upload a new avatar
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            disabled={save.busy}
            onChange={(e) => onFile(e.currentTarget)}
          />
        </label>
        <button type="button" disabled={save.busy} onClick={() => void save.run(deleteAvatar, 'Your avatar is back to the default.')}>
          Use the default avatar
        </button>
      </div>
      <Feedback save={save} />
    </div>
  );
}

function StatusForm() {
  const selfId = useStore(app, (s) => s.selfId);
  const [text, setText] = useState('');
  const save = useSave();
  useEffect(() => {
    void fetchState(['user_status']).then((state) => setText(state.user_status?.[String(selfId)]?.status_text ?? ''));
  }, [selfId]);
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void save.run(
      () => api(settingsEndpoints.updateStatus, { status_text: text.trim() }),
      text.trim() ? 'Your status is set.' : 'Your status is cleared.',
    );
  };
  return (
    <form class="settings-form" aria-label="Status" onSubmit={onSubmit}>
      <h3>Status</h3>
      <label for="profile-status">Status text others see</label>
      <input
        id="profile-status"
        value={text}
        maxLength={MAX_STATUS_TEXT}
        placeholder="In a meeting"
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={save.busy}>
        Set status
      </button>
      <Feedback save={save} />
    </form>
  );
}

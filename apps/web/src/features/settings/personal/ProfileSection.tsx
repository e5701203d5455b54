/**
 * The profile: full name (PATCH /settings), avatar (upload or back to Gravatar) and status text.
 * Where the realm keeps name or avatar changes to administrators, a member is told so.
 */
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

interface Loaded {
  nameLocked: boolean;
  avatarLocked: boolean;
  status: string;
}

export function ProfileSection() {
  const selfId = useStore(app, (s) => s.selfId);
  const isAdmin = useStore(app, (s) => s.users[s.selfId]?.is_admin === true);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    void fetchState(['realm', 'user_status']).then((state) =>
      setLoaded({
        nameLocked: state.realm_name_changes_disabled === true,
        avatarLocked: state.realm_avatar_changes_disabled === true,
        status: state.user_status?.[String(selfId)]?.status_text ?? '',
      }),
    );
  }, [selfId]);
  return (
    <section class="settings-section personal" aria-label="Profile">
      {loaded === null ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <NameForm locked={loaded.nameLocked && !isAdmin} />
          <AvatarForm locked={loaded.avatarLocked && !isAdmin} />
          <StatusForm initial={loaded.status} />
        </>
      )}
    </section>
  );
}

function Locked({ what }: { what: string }) {
  return <p class="locked">Your organization lets only administrators change {what}.</p>;
}

function NameForm({ locked }: { locked: boolean }) {
  const held = useStore(app, (s) => s.users[s.selfId]?.full_name ?? '');
  const [name, setName] = useState(held);
  useEffect(() => setName(held), [held]);
  const save = useSave();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void save.run(() => api(settingsEndpoints.updateSettings, { full_name: name }), 'Your name is saved.');
  };
  return (
    <form class="settings-form" aria-labelledby="full-name-title" onSubmit={onSubmit}>
      <h3 id="full-name-title">Name</h3>
      <label for="profile-full-name">Full name</label>
      <input
        id="profile-full-name"
        value={name}
        required
        maxLength={100}
        disabled={locked}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      {locked && <Locked what="their names" />}
      <button type="submit" class="primary" disabled={locked || save.busy || name === held}>
        Save name
      </button>
      <Feedback save={save} />
    </form>
  );
}

function AvatarForm({ locked }: { locked: boolean }) {
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
            disabled={locked || save.busy}
            onChange={(e) => onFile(e.currentTarget)}
          />
        </label>
        <button
          type="button"
          disabled={locked || save.busy}
          onClick={() => void save.run(deleteAvatar, 'Your avatar is back to the default.')}
        >
          Use the default avatar
        </button>
      </div>
      {locked && <Locked what="their avatars" />}
      <Feedback save={save} />
    </div>
  );
}

function StatusForm({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const save = useSave();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const value = text.trim();
    void save.run(
      () => api(settingsEndpoints.updateStatus, { status_text: value }),
      value ? 'Your status is set.' : 'Your status is cleared.',
    );
  };
  return (
    <form class="settings-form" aria-labelledby="status-title" onSubmit={onSubmit}>
      <h3 id="status-title">Status</h3>
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

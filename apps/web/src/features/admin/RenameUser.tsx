/** An administrator changes someone's name (PATCH /users/{id} full_name; the server's name rules apply). */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Action } from './admin-ui';

export function RenameUser({
  users,
  action,
  onRenamed,
}: {
  users: { user_id: number; full_name: string }[];
  action: Action;
  onRenamed: () => Promise<void>;
}) {
  const [userId, setUserId] = useState(0);
  const [name, setName] = useState('');
  const rename = async (e: Event) => {
    e.preventDefault();
    const ok = await action.run(
      () => api(settingsEndpoints.updateUser, { user_id: userId, full_name: name.trim() }),
      'Name changed.',
      onRenamed,
    );
    if (ok) setName('');
  };
  return (
    <form class="admin-form" aria-label="Change a name" onSubmit={(e) => void rename(e)}>
      <h3>Change a name</h3>
      <label for="rename-user">Person</label>
      <select id="rename-user" required value={userId || ''} onChange={(e) => setUserId(Number(e.currentTarget.value))}>
        <option value="">Choose someone</option>
        {users.map((u) => (
          <option key={u.user_id} value={u.user_id}>
            {u.full_name}
          </option>
        ))}
      </select>
      <label for="rename-name">New name</label>
      <input id="rename-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <button type="submit" disabled={action.busy || !userId}>
        Change name
      </button>
    </form>
  );
}

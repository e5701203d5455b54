/** Users: everyone of the organization with their role; change a role, deactivate, reactivate. */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { app, useStore } from '../../store';
import { ActionStatus, AdminScreen, useAction, useLoad } from './admin-ui';
import { loadRealmState } from './realm-state';
import { RenameUser } from './RenameUser';
import { filterRows, ROLE_OPTIONS, userRows } from './roles';

export function UsersSection() {
  const selfId = useStore(app, (s) => s.selfId);
  const loaded = useLoad(async () => {
    const state = await loadRealmState(['realm_user']);
    return userRows(state.realm_users ?? [], state.realm_non_active_users ?? [], selfId);
  });
  const action = useAction();
  const [filter, setFilter] = useState('');
  const rows = filterRows(loaded.data ?? [], filter);
  const setRole = (userId: number, name: string, role: number) =>
    action.run(() => api(settingsEndpoints.updateUser, { user_id: userId, role }), `${name}'s role changed.`, loaded.reload);
  const deactivate = (userId: number, name: string) =>
    action.run(() => api(settingsEndpoints.deactivateUser, { user_id: userId }), `${name} deactivated.`, loaded.reload);
  const reactivate = (userId: number, name: string) =>
    action.run(() => api(settingsEndpoints.reactivateUser, { user_id: userId }), `${name} reactivated.`, loaded.reload);
  return (
    <AdminScreen title="Users" loaded={loaded}>
      <label for="admin-user-filter">Filter users</label>
      <input id="admin-user-filter" type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
      <ActionStatus action={action} />
      <div class="admin-table-wrap">
        <table class="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ user, active, roleLabel, isSelf }) => (
              <tr key={user.user_id} class={active ? undefined : 'deactivated'}>
                <th scope="row">{user.full_name}</th>
                <td>{user.email}</td>
                <td>
                  {user.is_bot || isSelf || !active || user.role === 100 ? (
                    roleLabel
                  ) : (
                    <select
                      aria-label={`Role of ${user.full_name}`}
                      value={user.role}
                      disabled={action.busy}
                      onChange={(e) => void setRole(user.user_id, user.full_name, Number(e.currentTarget.value))}
                    >
                      {ROLE_OPTIONS.map((r) => (
                        <option key={r.code} value={r.code}>
                          {r.label}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>
                  {isSelf ? null : active ? (
                    <button
                      type="button"
                      disabled={action.busy}
                      aria-label={`Deactivate ${user.full_name}`}
                      onClick={() => void deactivate(user.user_id, user.full_name)}
                    >
                      Deactivate
                    </button>
                  ) : (
                    <button
                      type="button"
                      disabled={action.busy}
                      aria-label={`Reactivate ${user.full_name}`}
                      onClick={() => void reactivate(user.user_id, user.full_name)}
                    >
                      Reactivate
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RenameUser users={(loaded.data ?? []).filter((r) => r.active).map((r) => r.user)} action={action} onRenamed={loaded.reload} />
    </AdminScreen>
  );
}

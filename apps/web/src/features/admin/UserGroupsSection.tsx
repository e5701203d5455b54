/** User groups: create one with members, add and remove members, delete; the built-in role groups are left out. */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { ActionStatus, AdminScreen, useAction, useLoad } from './admin-ui';
import { editableGroups, memberChoices } from './user-groups';
import { loadRealmState } from './realm-state';

export function UserGroupsSection() {
  const loaded = useLoad(async () => {
    const state = await loadRealmState(['realm_user', 'realm_user_groups']);
    const users = (state.realm_users ?? []).filter((u) => !u.is_bot);
    return { users, groups: editableGroups(state.realm_user_groups ?? []) };
  });
  const action = useAction();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const users = loaded.data?.users ?? [];
  const nameOf = (id: number) => users.find((u) => u.user_id === id)?.full_name ?? `User ${id}`;
  const create = async (e: Event) => {
    e.preventDefault();
    const ok = await action.run(
      () => api(settingsEndpoints.createUserGroup, { name: name.trim(), description, members: [] }),
      `Group ${name.trim()} created.`,
      loaded.reload,
    );
    if (ok) {
      setName('');
      setDescription('');
    }
  };
  const members = (groupId: number, change: { add?: number[]; delete?: number[] }, done: string) =>
    void action.run(() => api(settingsEndpoints.updateUserGroupMembers, { user_group_id: groupId, ...change }), done, loaded.reload);
  return (
    <AdminScreen title="User groups" loaded={loaded}>
      {(loaded.data?.groups ?? []).map((g) => (
        <section key={g.id} class="admin-detail" aria-label={`Group ${g.name}`}>
          <h3>{g.name}</h3>
          <p>{g.description}</p>
          <ul class="admin-list" aria-label={`Members of ${g.name}`}>
            {g.members.map((id) => (
              <li key={id}>
                <span>{nameOf(id)}</span>
                <button
                  type="button"
                  aria-label={`Remove ${nameOf(id)} from ${g.name}`}
                  disabled={action.busy}
                  onClick={() => members(g.id, { delete: [id] }, `${nameOf(id)} left ${g.name}.`)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <label for={`group-add-${g.id}`}>Add a member to {g.name}</label>
          <select
            id={`group-add-${g.id}`}
            value=""
            disabled={action.busy}
            onChange={(e) => {
              const id = Number(e.currentTarget.value);
              if (id) members(g.id, { add: [id] }, `${nameOf(id)} joined ${g.name}.`);
            }}
          >
            <option value="">Choose someone</option>
            {memberChoices(users, g.members).map((u) => (
              <option key={u.user_id} value={u.user_id}>
                {u.full_name}
              </option>
            ))}
          </select>
          <button
            type="button"
            class="danger"
            disabled={action.busy}
            onClick={() =>
              void action.run(
                () => api(settingsEndpoints.removeUserGroup, { user_group_id: g.id }),
                `Group ${g.name} deleted.`,
                loaded.reload,
              )
            }
          >
            Delete group {g.name}
          </button>
        </section>
      ))}
      <form class="admin-form" aria-label="Create a user group" onSubmit={(e) => void create(e)}>
        <label for="user-group-name">Group name</label>
        <input id="user-group-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="user-group-description">Description</label>
        <input id="user-group-description" required value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        <button type="submit" class="primary" disabled={action.busy}>
          Create group
        </button>
      </form>
      <ActionStatus action={action} />
    </AdminScreen>
  );
}

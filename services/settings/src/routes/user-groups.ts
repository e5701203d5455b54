import { check, checkInt, checkList, settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { createUserGroup, deleteUserGroup, listUserGroups, updateUserGroup, updateUserGroupMembers } from '../domain/user-groups';

export function userGroupEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getUserGroups, ({ identity }) => listUserGroups(ctx, identity.realmId)),
    implement(api.createUserGroup, ({ identity, params }) =>
      createUserGroup(ctx, identity.realmId, identity.userId, {
        name: params.name,
        description: params.description,
        members: check<number[]>(checkList(checkInt), 'members', params.members),
      }),
    ),
    implement(api.updateUserGroup, ({ identity, params }) =>
      updateUserGroup(ctx, identity.realmId, identity.userId, params.user_group_id, {
        name: params.name || undefined,
        description: params.description || undefined,
      }),
    ),
    implement(api.removeUserGroup, ({ identity, params }) => deleteUserGroup(ctx, identity.realmId, identity.userId, params.user_group_id)),
    implement(api.updateUserGroupMembers, ({ identity, params }) =>
      updateUserGroupMembers(ctx, identity.realmId, identity.userId, params.user_group_id, {
        add: check<number[]>(checkList(checkInt), 'add', params.add),
        delete: check<number[]>(checkList(checkInt), 'delete', params.delete),
      }),
    ),
  ];
}

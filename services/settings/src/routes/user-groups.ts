import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doCreateUserGroup, doDeleteUserGroup, doUpdateUserGroup, doUpdateUserGroupMembers } from '../actions/user-groups';
import { listUserGroups } from '../queries/user-groups';

export function userGroupEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getUserGroups, ({ identity }) => listUserGroups(ctx, identity.realmId)),
    implement(api.createUserGroup, ({ identity, params }) =>
      doCreateUserGroup(ctx, identity.realmId, identity.userId, {
        name: params.name,
        description: params.description,
        members: params.members,
      }),
    ),
    implement(api.updateUserGroup, ({ identity, params }) =>
      doUpdateUserGroup(ctx, identity.realmId, identity.userId, params.user_group_id, {
        name: params.name,
        description: params.description,
      }),
    ),
    implement(api.removeUserGroup, ({ identity, params }) =>
      doDeleteUserGroup(ctx, identity.realmId, identity.userId, params.user_group_id),
    ),
    implement(api.updateUserGroupMembers, ({ identity, params }) =>
      doUpdateUserGroupMembers(ctx, identity.realmId, identity.userId, params.user_group_id, { add: params.add, delete: params.delete }),
    ),
  ];
}

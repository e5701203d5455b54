import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doDeactivateUserByAdmin, doReactivateUser } from '../actions/user-activation';
import { doCreateUserByAdmin, doUpdateUser } from '../actions/users';
import { getUser, listUsers } from '../queries/users';

export function userEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getUsers, ({ identity, params }) =>
      listUsers(ctx, identity.realmId, {
        clientGravatar: params.client_gravatar,
        includeCustomProfileFields: params.include_custom_profile_fields,
      }),
    ),
    implement(api.getUser, ({ identity, params }) =>
      getUser(ctx, identity.realmId, params.user_id, {
        clientGravatar: params.client_gravatar,
        includeCustomProfileFields: params.include_custom_profile_fields,
      }),
    ),
    implement(api.createUser, ({ identity, params }) =>
      doCreateUserByAdmin(ctx, identity.realmId, identity.userId, {
        email: params.email,
        password: params.password,
        fullName: params.full_name,
        shortName: params.short_name,
      }),
    ),
    implement(api.updateUser, ({ identity, params }) =>
      doUpdateUser(ctx, identity.realmId, identity.userId, params.user_id, {
        fullName: params.full_name,
        role: params.role,
        isAdmin: params.is_admin,
        isGuest: params.is_guest,
      }),
    ),
    implement(api.deactivateUser, ({ identity, params }) =>
      doDeactivateUserByAdmin(ctx, identity.realmId, identity.userId, params.user_id),
    ),
    implement(api.reactivateUser, ({ identity, params }) => doReactivateUser(ctx, identity.realmId, identity.userId, params.user_id)),
  ];
}

import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { createUserByAdmin, deactivateUser, getUser, listUsers, reactivateUser, updateUser } from '../domain/users';

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
      createUserByAdmin(ctx, identity.realmId, identity.userId, {
        email: params.email,
        password: params.password,
        fullName: params.full_name,
        shortName: params.short_name,
      }),
    ),
    implement(api.updateUser, ({ identity, params }) =>
      updateUser(ctx, identity.realmId, identity.userId, params.user_id, {
        fullName: params.full_name,
        isAdmin: params.is_admin,
        isGuest: params.is_guest,
      }),
    ),
    implement(api.deactivateUser, ({ identity, params }) => deactivateUser(ctx, identity.realmId, identity.userId, params.user_id)),
    implement(api.reactivateUser, ({ identity, params }) => reactivateUser(ctx, identity.realmId, identity.userId, params.user_id)),
  ];
}

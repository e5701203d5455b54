import { defineEndpoint, p, jsonOrPlainString } from '@chat/http';
import type { SettingsContext } from '../app';
import { createUserByAdmin, deactivateUser, listUsers, reactivateUser, updateUser } from '../domain/users';

const userId = { user_id: p.int({ required: true }) };

export function userEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/users',
      auth: 'user',
      params: {
        client_gravatar: p.bool({ default: false }),
        include_custom_profile_fields: p.bool({ default: false }),
      },
      handler: ({ identity, params }) =>
        listUsers(ctx, identity.realmId, {
          clientGravatar: params.client_gravatar,
          includeCustomProfileFields: params.include_custom_profile_fields,
        }),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/users',
      auth: 'user',
      params: {
        email: p.string({ required: true }),
        password: p.string({ required: true }),
        full_name: p.string({ required: true }),
        short_name: p.string({ required: true }),
      },
      handler: ({ identity, params }) =>
        createUserByAdmin(ctx, identity.realmId, identity.userId, {
          email: params.email,
          password: params.password,
          fullName: params.full_name,
          shortName: params.short_name,
        }),
    }),
    defineEndpoint({
      method: 'PATCH',
      path: '/users/:user_id',
      auth: 'user',
      params: {
        ...userId,
        // Zulip reads full_name through a JSON string validator; a plain string works too.
        full_name: p.custom((raw) => jsonOrPlainString(raw)),
        is_admin: p.bool(),
        is_guest: p.bool(),
      },
      handler: ({ identity, params }) =>
        updateUser(ctx, identity.realmId, identity.userId, params.user_id, {
          fullName: params.full_name,
          isAdmin: params.is_admin,
          isGuest: params.is_guest,
        }),
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/users/:user_id',
      auth: 'user',
      params: userId,
      handler: ({ identity, params }) => deactivateUser(ctx, identity.realmId, identity.userId, params.user_id),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/users/:user_id/reactivate',
      auth: 'user',
      params: userId,
      handler: ({ identity, params }) => reactivateUser(ctx, identity.realmId, identity.userId, params.user_id),
    }),
  ];
}

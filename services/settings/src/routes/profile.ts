import { badRequest } from '@chat/errors';
import { defineEndpoint, nonNegativeInt, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { getOwnProfile } from '../domain/profile';
import { getPointer, updatePointer } from '../domain/pointer';
import { deactivateOwnUser } from '../domain/users';
import { regenerateOwnApiKey } from '../domain/bots';


const pointerParams = { pointer: p.custom(nonNegativeInt, { required: true, rangeError: () => badRequest('Invalid message ID') }) };

export function profileEndpoints(ctx: SettingsContext) {
  const updatePointerEndpoint = (method: 'POST' | 'PUT') =>
    defineEndpoint({
      method,
      path: '/users/me/pointer',
      auth: 'user',
      params: pointerParams,
      handler: ({ identity, params }) => updatePointer(ctx, identity.realmId, identity.userId, params.pointer),
    });
  return [
    defineEndpoint({
      method: 'GET',
      path: '/users/me',
      auth: 'user',
      params: {},
      handler: ({ identity }) => getOwnProfile(ctx, identity.realmId, identity.userId),
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/users/me',
      auth: 'user',
      params: {},
      handler: ({ identity }) => deactivateOwnUser(ctx, identity.realmId, identity.userId),
    }),
    defineEndpoint({
      method: 'GET',
      path: '/users/me/pointer',
      auth: 'user',
      params: {},
      handler: ({ identity }) => getPointer(ctx, identity.realmId, identity.userId),
    }),
    updatePointerEndpoint('POST'),
    updatePointerEndpoint('PUT'),
    defineEndpoint({
      method: 'POST',
      path: '/users/me/api_key/regenerate',
      auth: 'user',
      params: {},
      handler: ({ identity }) => regenerateOwnApiKey(ctx, identity.realmId, identity.userId),
    }),
  ];
}

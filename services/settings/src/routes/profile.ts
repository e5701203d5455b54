import { badRequest, invalidArgument } from '@chat/errors';
import { defineEndpoint, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { getOwnProfile } from '../domain/profile';
import { getPointer, updatePointer } from '../domain/pointer';
import { deactivateOwnUser } from '../domain/users';
import { regenerateOwnApiKey } from '../domain/bots';

/** Zulip's to_non_negative_int converter. */
function nonNegativeInt(raw: string, name: string): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) throw invalidArgument(name, raw);
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw invalidArgument(name, raw);
  return value;
}

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

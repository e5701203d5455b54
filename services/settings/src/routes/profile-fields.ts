import { defineEndpoint, p } from '@chat/http';
import type { SettingsContext } from '../app';
import { createProfileField, deleteProfileField, listProfileFields, updateProfileData } from '../domain/profile-fields';

export function profileFieldEndpoints(ctx: SettingsContext) {
  return [
    defineEndpoint({
      method: 'GET',
      path: '/realm/profile_fields',
      auth: 'user',
      params: {},
      handler: ({ identity }) => listProfileFields(ctx, identity.realmId),
    }),
    defineEndpoint({
      method: 'POST',
      path: '/realm/profile_fields',
      auth: 'user',
      params: {
        name: p.string({ default: '' }),
        hint: p.string({ default: '' }),
        field_type: p.int({ required: true }),
        field_data: p.json<unknown>({ default: {}, schema: { description: 'JSON dict (choices of a list-of-options field)' } }),
      },
      handler: ({ identity, params }) =>
        createProfileField(ctx, identity.realmId, identity.userId, {
          name: params.name,
          hint: params.hint,
          fieldType: params.field_type,
          fieldData: params.field_data,
        }),
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/realm/profile_fields/:field_id',
      auth: 'user',
      params: { field_id: p.int({ required: true }) },
      handler: ({ identity, params }) => deleteProfileField(ctx, identity.realmId, identity.userId, params.field_id),
    }),
    defineEndpoint({
      method: 'PATCH',
      path: '/users/me/profile_data',
      auth: 'user',
      params: { data: p.json<unknown>({ required: true, schema: { description: 'JSON list of {id, value}' } }) },
      handler: ({ identity, params }) => updateProfileData(ctx, identity.realmId, identity.userId, params.data),
    }),
  ];
}

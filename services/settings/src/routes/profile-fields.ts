import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../app';
import { createProfileField, deleteProfileField, listProfileFields, updateProfileData } from '../domain/profile-fields';
import { removeProfileData, reorderProfileFields, updateProfileField } from '../domain/profile-field-edits';

export function profileFieldEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getCustomProfileFields, ({ identity }) => listProfileFields(ctx, identity.realmId)),
    implement(api.createCustomProfileField, ({ identity, params }) =>
      createProfileField(ctx, identity.realmId, identity.userId, {
        name: params.name,
        hint: params.hint,
        fieldType: params.field_type,
        fieldData: params.field_data,
      }),
    ),
    implement(api.deleteCustomProfileField, ({ identity, params }) => deleteProfileField(ctx, identity.realmId, identity.userId, params.field_id)),
    implement(api.updateProfileData, ({ identity, params }) => updateProfileData(ctx, identity.realmId, identity.userId, params.data)),
    implement(api.updateCustomProfileField, ({ identity, params }) =>
      updateProfileField(ctx, identity.realmId, identity.userId, { fieldId: params.field_id, name: params.name, hint: params.hint, fieldData: params.field_data }),
    ),
    implement(api.reorderCustomProfileFields, ({ identity, params }) => reorderProfileFields(ctx, identity.realmId, identity.userId, params.order)),
    implement(api.removeProfileData, ({ identity, params }) => removeProfileData(ctx, identity.realmId, identity.userId, params.data)),
  ];
}

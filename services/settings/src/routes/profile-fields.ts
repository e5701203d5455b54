import { settingsEndpoints as api } from '@chat/contracts';
import { implement } from '@chat/http';
import type { SettingsContext } from '../deps';
import { doRemoveProfileData, doReorderProfileFields, doUpdateProfileField } from '../actions/profile-field-edits';
import { doCreateProfileField, doDeleteProfileField, doUpdateProfileData } from '../actions/profile-fields';
import { listProfileFields } from '../queries/profile-fields';

export function profileFieldEndpoints(ctx: SettingsContext) {
  return [
    implement(api.getCustomProfileFields, ({ identity }) => listProfileFields(ctx, identity.realmId)),
    implement(api.createCustomProfileField, ({ identity, params }) =>
      doCreateProfileField(ctx, identity.realmId, identity.userId, {
        name: params.name,
        hint: params.hint,
        fieldType: params.field_type,
        fieldData: params.field_data,
      }),
    ),
    implement(api.deleteCustomProfileField, ({ identity, params }) =>
      doDeleteProfileField(ctx, identity.realmId, identity.userId, params.field_id),
    ),
    implement(api.updateProfileData, ({ identity, params }) => doUpdateProfileData(ctx, identity.realmId, identity.userId, params.data)),
    implement(api.updateCustomProfileField, ({ identity, params }) =>
      doUpdateProfileField(ctx, identity.realmId, identity.userId, {
        fieldId: params.field_id,
        name: params.name,
        hint: params.hint,
        fieldData: params.field_data,
      }),
    ),
    implement(api.reorderCustomProfileFields, ({ identity, params }) =>
      doReorderProfileFields(ctx, identity.realmId, identity.userId, params.order),
    ),
    implement(api.removeProfileData, ({ identity, params }) => doRemoveProfileData(ctx, identity.realmId, identity.userId, params.data)),
  ];
}

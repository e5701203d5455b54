/**
 * The custom profile field routes of Zulip 2.1 beyond listing, adding and deleting
 * (zerver/views/custom_profile_fields.py): editing a field, ordering them, and a user removing
 * their own values. Declared in settingsEndpoints.
 */
import * as p from '../params';

export const settingsProfileFieldEndpoints = {
  updateCustomProfileField: {
    method: 'PATCH',
    path: '/realm/profile_fields/:field_id',
    auth: 'user',
    summary: "Change a custom profile field's label, hint or choices (administrators)",
    description:
      "Replaces a custom profile field's label and hint, and for a choice field or an external account its `field_data`. " +
      'Both texts are always written: one left out becomes empty. The built-in external-account fields cannot be edited. Administrators only.',
    python: 'update_realm_profile_field(field_id, **request)',
    params: {
      field_id: p.int({ required: true, description: 'The id of the field, as listed by GET /realm/profile_fields.', example: 4 }),
      // As Zulip 2.1: the label is always sent (an absent one is blank), the hint too.
      name: p.string({
        default: '',
        description: 'Its new label; it cannot be blank, so it is sent even when only the hint changes.',
        example: 'Favorite food',
        sample: true,
      }),
      hint: p.string({ default: '', description: 'Its new hint; absent: the hint is cleared.', example: 'Or drink', sample: true }),
      field_data: p.json<unknown>({
        default: {},
        schema: { description: 'JSON dict (choices of a list-of-options field)' },
        description:
          'For a choice field, its choices (all of them again); for an external account, which one. Kept only for those two kinds.',
        example: {},
      }),
    },
    success: {},
  },
  reorderCustomProfileFields: {
    method: 'PATCH',
    path: '/realm/profile_fields',
    auth: 'user',
    summary: "Put the realm's custom profile fields in a new order (administrators)",
    description:
      "Sets the order in which the realm's custom profile fields are shown. The list must name every field of the realm. Administrators only.",
    python: 'reorder_realm_profile_fields(**request)',
    params: {
      order: p.json<unknown>({
        required: true,
        schema: { description: 'JSON list of every field id, in the new order' },
        description: 'The ids of all the fields, as a JSON list, in the new order.',
        example: [4, 1, 2, 3],
      }),
    },
    success: {},
  },
  removeProfileData: {
    method: 'DELETE',
    path: '/users/me/profile_data',
    auth: 'user',
    summary: "Remove the caller's values of the given custom profile fields",
    description:
      "Clears the caller's values of the named custom profile fields; a field the caller has not filled is skipped. Bots may not call it.",
    params: {
      data: p.json<unknown>({
        required: true,
        schema: { description: 'JSON list of field ids' },
        description: 'The ids of the fields, as a JSON list.',
        example: [4],
      }),
    },
    success: {},
  },
} as const;

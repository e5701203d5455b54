/**
 * The organization settings form: its values read from /register's realm state, and the PATCH
 * /realm parameters a submitted form sends (only what changed; limits typed in minutes).
 */
export interface OrgForm {
  name: string;
  description: string;
  inviteRequired: boolean;
  inviteByAdminsOnly: boolean;
  emailsRestrictedToDomains: boolean;
  allowEditing: boolean;
  /** Minutes; 0: no limit. */
  editLimitMinutes: number;
  allowDeleting: boolean;
  deleteLimitMinutes: number;
  /** Days; null: kept for ever. */
  retentionDays: number | null;
  authMethods: Record<string, boolean>;
}

export interface RealmValues {
  realm_name?: string;
  realm_description?: string;
  realm_invite_required?: boolean;
  realm_invite_by_admins_only?: boolean;
  realm_emails_restricted_to_domains?: boolean;
  realm_allow_message_editing?: boolean;
  realm_message_content_edit_limit_seconds?: number;
  realm_allow_message_deleting?: boolean;
  realm_message_content_delete_limit_seconds?: number;
  realm_message_retention_days?: number;
  realm_authentication_methods?: Record<string, boolean>;
}

const minutes = (seconds: number | undefined) => Math.round((seconds ?? 0) / 60);

export function orgFormFrom(realm: RealmValues): OrgForm {
  const retention = realm.realm_message_retention_days;
  return {
    name: realm.realm_name ?? '',
    description: realm.realm_description ?? '',
    inviteRequired: realm.realm_invite_required ?? false,
    inviteByAdminsOnly: realm.realm_invite_by_admins_only ?? false,
    emailsRestrictedToDomains: realm.realm_emails_restricted_to_domains ?? false,
    allowEditing: realm.realm_allow_message_editing ?? true,
    editLimitMinutes: minutes(realm.realm_message_content_edit_limit_seconds),
    allowDeleting: realm.realm_allow_message_deleting ?? false,
    deleteLimitMinutes: minutes(realm.realm_message_content_delete_limit_seconds),
    // The server answers -1 (or nothing) for "for ever".
    retentionDays: retention === undefined || retention < 0 ? null : retention,
    authMethods: { ...(realm.realm_authentication_methods ?? {}) },
  };
}

export interface RealmPatch {
  name?: string;
  description?: string;
  invite_required?: boolean;
  invite_by_admins_only?: boolean;
  emails_restricted_to_domains?: boolean;
  allow_message_editing?: boolean;
  message_content_edit_limit_seconds?: number;
  allow_message_deleting?: boolean;
  message_content_delete_limit_seconds?: number;
  message_retention_days?: string;
  authentication_methods?: Record<string, boolean>;
}

const sameMethods = (a: Record<string, boolean>, b: Record<string, boolean>) =>
  Object.keys({ ...a, ...b }).every((k) => (a[k] ?? false) === (b[k] ?? false));

/** The parameters for what differs between the loaded form and the submitted one. */
export function realmPatch(before: OrgForm, after: OrgForm): RealmPatch {
  const patch: RealmPatch = {};
  if (after.name.trim() !== before.name) patch.name = after.name.trim();
  if (after.description !== before.description) patch.description = after.description;
  if (after.inviteRequired !== before.inviteRequired) patch.invite_required = after.inviteRequired;
  if (after.inviteByAdminsOnly !== before.inviteByAdminsOnly) patch.invite_by_admins_only = after.inviteByAdminsOnly;
  if (after.emailsRestrictedToDomains !== before.emailsRestrictedToDomains)
    patch.emails_restricted_to_domains = after.emailsRestrictedToDomains;
  if (after.allowEditing !== before.allowEditing) patch.allow_message_editing = after.allowEditing;
  if (after.editLimitMinutes !== before.editLimitMinutes) patch.message_content_edit_limit_seconds = after.editLimitMinutes * 60;
  if (after.allowDeleting !== before.allowDeleting) patch.allow_message_deleting = after.allowDeleting;
  if (after.deleteLimitMinutes !== before.deleteLimitMinutes) patch.message_content_delete_limit_seconds = after.deleteLimitMinutes * 60;
  if (after.retentionDays !== before.retentionDays)
    patch.message_retention_days = after.retentionDays === null ? 'null' : String(after.retentionDays);
  if (!sameMethods(before.authMethods, after.authMethods)) patch.authentication_methods = after.authMethods;
  return patch;
}

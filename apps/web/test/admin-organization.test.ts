import { activeEmoji } from '../src/features/admin/emoji-list';
import { orgFormFrom, realmPatch } from '../src/features/admin/org-settings';
import { privacyOf, privacyParams, toPrivacy } from '../src/features/admin/stream-privacy';

const realm = {
  realm_name: 'Zulip Dev',
  realm_description: 'The dev realm',
  realm_invite_required: true,
  realm_invite_by_admins_only: false,
  realm_emails_restricted_to_domains: false,
  realm_allow_message_editing: true,
  realm_message_content_edit_limit_seconds: 600,
  realm_allow_message_deleting: false,
  realm_message_content_delete_limit_seconds: 0,
  realm_message_retention_days: -1,
  realm_authentication_methods: { Email: true, Dev: true },
};

describe('the organization settings form', () => {
  it('reads the realm state, limits in minutes and -1 days as for ever', () => {
    const form = orgFormFrom(realm);
    expect(form).toMatchObject({
      name: 'Zulip Dev',
      editLimitMinutes: 10,
      deleteLimitMinutes: 0,
      retentionDays: null,
      inviteRequired: true,
    });
    expect(orgFormFrom({}).retentionDays).toBeNull();
  });

  it('sends nothing for an unchanged form', () => {
    const form = orgFormFrom(realm);
    expect(realmPatch(form, { ...form, authMethods: { ...form.authMethods } })).toEqual({});
  });

  it('sends only what changed, in the units and encodings the server reads', () => {
    const before = orgFormFrom(realm);
    const after = {
      ...before,
      name: ' Elsinore ',
      inviteRequired: false,
      editLimitMinutes: 5,
      retentionDays: 30,
      authMethods: { ...before.authMethods, Dev: false },
    };
    expect(realmPatch(before, after)).toEqual({
      name: 'Elsinore',
      invite_required: false,
      message_content_edit_limit_seconds: 300,
      message_retention_days: '30',
      authentication_methods: { Email: true, Dev: false },
    });
    expect(realmPatch({ ...before, retentionDays: 30 }, before)).toEqual({ message_retention_days: 'null' });
  });
});

describe('stream privacy', () => {
  it('maps the three kinds of stream to and from their flags', () => {
    expect(privacyOf({ invite_only: false, history_public_to_subscribers: true })).toBe('public');
    expect(privacyOf({ invite_only: true, history_public_to_subscribers: true })).toBe('private-shared');
    expect(privacyOf({ invite_only: true, history_public_to_subscribers: false })).toBe('private-protected');
    expect(privacyParams('private-protected')).toEqual({ is_private: true, history_public_to_subscribers: false });
    expect(privacyParams('public')).toEqual({ is_private: false, history_public_to_subscribers: true });
    expect(toPrivacy('private-shared')).toBe('private-shared');
    expect(toPrivacy('nonsense')).toBe('public');
  });
});

describe('custom emoji', () => {
  it('lists the active ones by name', () => {
    const emoji = (id: string, name: string, deactivated = false) => ({ id, name, source_url: `/e/${id}`, deactivated, author: null });
    expect(activeEmoji({ 1: emoji('1', 'zebra'), 2: emoji('2', 'apple'), 3: emoji('3', 'gone', true) }).map((e) => e.name)).toEqual([
      'apple',
      'zebra',
    ]);
  });
});

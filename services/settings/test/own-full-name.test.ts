import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('PATCH /settings full_name (the caller renaming themselves)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const patch = async (form: Record<string, string>, who = 'hamlet@zulip.com') =>
    request(h.app)
      .patch('/api/v1/settings')
      .set(await h.headers(who))
      .type('form')
      .send(form);
  const setNameChangesDisabled = async (disabled: boolean) => {
    const realm: { settings: Record<string, unknown> | null } = await h.db.knex('realms').where({ id: h.realmId }).first('settings');
    await h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: JSON.stringify({ ...(realm.settings ?? {}), name_changes_disabled: disabled }) });
  };

  it('renames the caller (trimmed) and tells the whole realm with a realm_user update', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const iago = await h.user('iago@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      const res = await patch({ full_name: '  Prince Hamlet ' });
      expect([res.status, res.body]).toEqual([200, { result: 'success', msg: '' }]);
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'realm_user', op: 'update', person: { email: hamlet.email, user_id: hamlet.id, full_name: 'Prince Hamlet' } },
    ]);
    expect(notices[0]!.userIds).toEqual(expect.arrayContaining([hamlet.id, iago.id]));
    expect((await h.user('hamlet@zulip.com')).full_name).toBe('Prince Hamlet');
  });

  it('changes nothing when another part of the request is refused', async () => {
    const notices = await eventsOf(h.db, async () => {
      const res = await patch({ full_name: 'Hamlet the Dane', default_language: '__proto__' });
      expect([res.status, res.body.msg]).toEqual([400, "Invalid language '__proto__'"]);
      const wrongPassword = await patch({ full_name: 'Hamlet the Dane', old_password: 'not it', new_password: 'a new password' });
      expect([wrongPassword.status, wrongPassword.body.msg]).toEqual([400, 'Wrong password!']);
    });
    expect(notices).toEqual([]);
    expect((await h.user('hamlet@zulip.com')).full_name).toBe('Prince Hamlet');
  });

  it('sends nothing when the name is the same', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect((await patch({ full_name: 'Prince Hamlet' })).status).toBe(200);
    });
    expect(notices).toEqual([]);
  });

  it.each([
    ['x', 'Name too short!'],
    ['y'.repeat(101), 'Name too long!'],
    ['Bad *name*', 'Invalid characters in name!'],
    ['at@sign', 'Invalid characters in name!'],
  ])('refuses %p as Zulip does, changing nothing', async (fullName, msg) => {
    const res = await patch({ full_name: fullName, enable_sounds: 'false' }, 'othello@zulip.com');
    expect([res.status, res.body]).toEqual([400, { result: 'error', msg, code: 'BAD_REQUEST' }]);
    const othello = await h.user('othello@zulip.com');
    expect(othello.full_name).toBe('Othello, the Moor of Venice');
    expect(othello.settings).not.toMatchObject({ enable_sounds: false });
  });

  it('refuses a member when the realm disables name changes, but not an administrator', async () => {
    await setNameChangesDisabled(true);
    try {
      const res = await patch({ full_name: 'Cordelia L.' }, 'cordelia@zulip.com');
      expect([res.status, res.body]).toEqual([
        400,
        { result: 'error', msg: 'Name changes are disabled in this organization.', code: 'BAD_REQUEST' },
      ]);
      expect((await h.user('cordelia@zulip.com')).full_name).toBe('Cordelia Lear');
      expect((await patch({ full_name: 'Iago the Admin' }, 'iago@zulip.com')).status).toBe(200);
      expect((await h.user('iago@zulip.com')).full_name).toBe('Iago the Admin');
    } finally {
      await setNameChangesDisabled(false);
    }
  });
});

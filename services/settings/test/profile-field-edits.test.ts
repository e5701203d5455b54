import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('editing custom profile fields', () => {
  let h: Harness;
  let phone = 0;
  let team = 0;
  let buddy = 0;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const as = (who: string) => h.headers(`${who}@zulip.com`);
  const err = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const ok = { result: 'success', msg: '' };
  const send = async (method: 'post' | 'patch' | 'delete', path: string, body: Record<string, unknown>, who = 'iago') =>
    (
      await request(h.app)
        [method](`/api/v1${path}`)
        .set(await as(who))
        .type('form')
        .send(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))
    ).body;
  const fields = async () =>
    (
      await request(h.app)
        .get('/api/v1/realm/profile_fields')
        .set(await as('hamlet'))
    ).body.custom_fields as Record<string, unknown>[];
  const choices = { 0: { text: 'Red', order: '1' } };

  beforeAll(async () => {
    phone = (await send('post', '/realm/profile_fields', { name: 'Phone', field_type: '1' })).id;
    team = (await send('post', '/realm/profile_fields', { name: 'Team', field_type: '3', field_data: choices })).id;
    buddy = (await send('post', '/realm/profile_fields', { name: 'Buddy', field_type: '6' })).id;
  });

  it('changes label, hint and choices, sending the whole list again', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect(await send('patch', `/realm/profile_fields/${phone}`, { name: 'Telephone', hint: 'Mobile' })).toEqual(ok);
    });
    const updated = await fields();
    expect(updated[0]).toEqual({ id: phone, name: 'Telephone', type: 1, hint: 'Mobile', field_data: '', order: phone });
    expect(notices.map((n) => n.event)).toEqual([{ type: 'custom_profile_fields', op: 'add', fields: updated }]);
    const more = { ...choices, 1: { text: 'Blue', order: '2' } };
    expect(await send('patch', `/realm/profile_fields/${team}`, { name: 'Team', field_data: more })).toEqual(ok);
    expect((await fields())[1]!.field_data).toEqual(JSON.stringify(more));
  });

  it('refuses what Zulip 2.1 refuses', async () => {
    expect(await send('patch', `/realm/profile_fields/${phone}`, { hint: 'only a hint' })).toEqual(err('Label cannot be blank.'));
    expect(await send('patch', `/realm/profile_fields/${phone}`, { name: 'Team' })).toEqual(err('A field with that label already exists.'));
    expect(await send('patch', `/realm/profile_fields/${team}`, { name: 'Team' })).toEqual(err('Field must have at least one choice.'));
    expect(await send('patch', '/realm/profile_fields/999999', { name: 'X' })).toEqual(err('Field id 999999 not found.'));
    expect(await send('patch', `/realm/profile_fields/${phone}`, { name: 'x'.repeat(41) })).toEqual(
      err('name is too long (limit: 40 characters)'),
    );
    const notAdmin = { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' };
    expect(await send('patch', `/realm/profile_fields/${phone}`, { name: 'Mine' }, 'hamlet')).toEqual(notAdmin);
    expect(await send('patch', '/realm/profile_fields', { order: [buddy, team, phone] }, 'hamlet')).toEqual(notAdmin);
    expect(await send('patch', '/realm/profile_fields', { order: {} }, 'hamlet')).toEqual(notAdmin);
    expect((await fields())[0]!.name).toBe('Telephone');
  });

  it('reorders with a list of every field id, and refuses a list that leaves one out', async () => {
    const notices = await eventsOf(h.db, async () =>
      expect(await send('patch', '/realm/profile_fields', { order: [buddy, team, phone] })).toEqual(ok),
    );
    const reordered = await fields();
    expect(reordered.map((f) => [f.id, f.order])).toEqual([
      [buddy, 0],
      [team, 1],
      [phone, 2],
    ]);
    expect(notices.map((n) => n.event)).toEqual([{ type: 'custom_profile_fields', op: 'add', fields: reordered }]);
    expect(await send('patch', '/realm/profile_fields', { order: [buddy, team] })).toEqual(err('Invalid order mapping.'));
    expect(await send('patch', '/realm/profile_fields', { order: [buddy, 'x'] })).toEqual(err('order[1] is not an integer'));
    expect(await send('patch', '/realm/profile_fields', { order: {} })).toEqual(err('order is not a list'));
  });

  it("removes the caller's own values with realm_user update events; a field without a value is skipped", async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    await send(
      'patch',
      '/users/me/profile_data',
      {
        data: [
          { id: phone, value: '555' },
          { id: buddy, value: [hamlet.id] },
        ],
      },
      'hamlet',
    );
    const notices = await eventsOf(h.db, async () =>
      expect(await send('delete', '/users/me/profile_data', { data: [phone, buddy, team] }, 'hamlet')).toEqual(ok),
    );
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: hamlet.id, custom_profile_field: { id: phone, value: null } } },
      // Zulip JSON-encodes a person picker's value, null included.
      { type: 'realm_user', op: 'update', person: { user_id: hamlet.id, custom_profile_field: { id: buddy, value: 'null' } } },
    ]);
    expect(
      (
        await request(h.app)
          .get('/api/v1/users/me')
          .set(await as('hamlet'))
      ).body.profile_data,
    ).toEqual({});
    expect(await eventsOf(h.db, () => send('delete', '/users/me/profile_data', { data: [phone] }, 'hamlet'))).toEqual([]);
    expect(await send('delete', '/users/me/profile_data', { data: [phone, 999999] }, 'hamlet')).toEqual(err('Field id 999999 not found.'));
    expect(await send('delete', '/users/me/profile_data', { data: 'x' }, 'hamlet')).toEqual(err('Argument "data" is not valid JSON.'));
    expect(await send('delete', '/users/me/profile_data', { data: [phone, 'x'] }, 'hamlet')).toEqual(err('data[1] is not an integer'));
    const bot = (await send('post', '/bots', { full_name: 'Field bot', short_name: 'fieldbot' }, 'hamlet')) as { user_id: number };
    const botUser = (await h.db.knex('users').where({ id: bot.user_id }).first('email')) as { email: string };
    const asBot = await request(h.app)
      .delete('/api/v1/users/me/profile_data')
      .set(await h.headers(botUser.email))
      .type('form')
      .send({ data: '[]' });
    expect(asBot.body).toEqual(err('This endpoint does not accept bot requests.'));
  });
});

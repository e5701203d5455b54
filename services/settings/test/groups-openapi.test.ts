/** The user group endpoints' responses against Zulip 2.1's OpenAPI document. */
import request from 'supertest';
import { zulipOpenApi } from '@chat/testing';
import { startSettings, type Harness } from './helpers';

type Json = Record<string, unknown>;

describe('user group responses against Zulip 2.1 OpenAPI', () => {
  let h: Harness;
  const { schemaFor, check } = zulipOpenApi();

  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  it('the schema check can fail', () => {
    expect(() => check(schemaFor('/user_groups', 'get'), { result: 'success', msg: '', user_groups: 'x' })).toThrow();
  });

  it('GET /user_groups, create, PATCH and DELETE match', async () => {
    const headers = await h.headers('hamlet@zulip.com');
    const created = await request(h.app)
      .post('/api/v1/user_groups/create')
      .set(headers)
      .type('form')
      .send({ name: 'marketing', description: 'm', members: '[]' });
    check(schemaFor('/user_groups/create', 'post'), created.body);
    const list = await request(h.app).get('/api/v1/user_groups').set(headers);
    check(schemaFor('/user_groups', 'get'), list.body);
    // The items are only `object` in the schema; their keys are those of the documented example,
    // with the subgroups (feature level 131) and the system flag (93) of later levels.
    for (const group of list.body.user_groups as Json[]) {
      expect(Object.keys(group).sort()).toEqual(['description', 'direct_subgroup_ids', 'id', 'is_system_group', 'members', 'name']);
    }
    const id = (list.body.user_groups as { id: number; name: string }[]).find((g) => g.name === 'hamletcharacters')!.id;
    const patched = await request(h.app)
      .patch(`/api/v1/user_groups/${id}`)
      .set(headers)
      .type('form')
      .send({ description: 'Characters of Hamlet!' });
    check(schemaFor('/user_groups/{group_id}', 'patch'), patched.body);
    const deleted = await request(h.app).delete(`/api/v1/user_groups/${id}`).set(headers);
    check(schemaFor('/user_groups/{group_id}', 'delete'), deleted.body);
  });

  it('GET /users with include_custom_profile_fields matches, with a value set', async () => {
    const field = await request(h.app)
      .post('/api/v1/realm/profile_fields')
      .set(await h.headers('iago@zulip.com'))
      .type('form')
      .send({ name: 'Phone', field_type: '1' });
    const headers = await h.headers('hamlet@zulip.com');
    const set = await request(h.app)
      .patch('/api/v1/users/me/profile_data')
      .set(headers)
      .type('form')
      .send({ data: JSON.stringify([{ id: field.body.id, value: '123' }]) });
    expect(set.body).toEqual({ result: 'success', msg: '' });
    const users = await request(h.app).get('/api/v1/users').query({ include_custom_profile_fields: 'true' }).set(headers);
    check(schemaFor('/users', 'get'), users.body);
    const me = (users.body.members as { email: string; profile_data: unknown }[]).find((m) => m.email === 'hamlet@zulip.com')!;
    expect(me.profile_data).toEqual({ [String(field.body.id)]: { value: '123' } });
  });
});

/** Bad input to the user group, alert word, profile field and realm endpoints gets an error, never a 500. */
import request from 'supertest';
import { startSettings, type Harness } from './helpers';

describe('user groups, alert words, profile fields and PATCH /realm: no 500 on bad input', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const HUGE = '99999999999';
  const NUL = 'a\u0000b';

  it.each([
    ['post', '/user_groups/create', 'hamlet', { name: NUL, description: 'x', members: '[]' }],
    ['post', '/user_groups/create', 'hamlet', { name: 'g', description: NUL, members: '[]' }],
    ['post', '/user_groups/create', 'hamlet', { name: 'g', description: 'x', members: `[${HUGE}]` }],
    ['patch', `/user_groups/${HUGE}`, 'hamlet', { name: 'x' }],
    ['patch', '/user_groups/1', 'hamlet', { name: NUL }],
    ['delete', `/user_groups/${HUGE}`, 'hamlet', {}],
    ['post', `/user_groups/${HUGE}/members`, 'hamlet', { add: '[1]' }],
    ['post', '/user_groups/1/members', 'hamlet', { add: `[${HUGE}]` }],
    ['post', '/user_groups/1/members', 'hamlet', { delete: `[${HUGE}]` }],
    ['post', '/users/me/alert_words', 'hamlet', { alert_words: JSON.stringify([NUL]) }],
    ['delete', '/users/me/alert_words', 'hamlet', { alert_words: JSON.stringify([NUL]) }],
    ['post', '/realm/profile_fields', 'iago', { name: NUL, field_type: '1' }],
    ['post', '/realm/profile_fields', 'iago', { name: 'x', hint: NUL, field_type: '1' }],
    ['post', '/realm/profile_fields', 'iago', { name: 'x', field_type: HUGE }],
    ['delete', `/realm/profile_fields/${HUGE}`, 'iago', {}],
    ['patch', '/users/me/profile_data', 'hamlet', { data: JSON.stringify([{ id: Number(HUGE), value: 'x' }]) }],
    ['patch', '/realm', 'iago', { name: NUL }],
    ['patch', '/realm', 'iago', { description: NUL }],
    ['patch', '/realm', 'iago', { default_language: NUL }],
    ['patch', '/realm', 'iago', { waiting_period_threshold: HUGE + HUGE }],
    ['patch', '/realm', 'iago', { authentication_methods: JSON.stringify({ [NUL]: true }) }],
  ] as const)('%s %s %s', async (method, path, who, body) => {
    const res = await request(h.app)
      [method](`/api/v1${path}`)
      .set(await h.headers(`${who}@zulip.com`))
      .type('form')
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('error');
  });

  it('a profile value with NUL is refused', async () => {
    const field = await request(h.app)
      .post('/api/v1/realm/profile_fields')
      .set(await h.headers('iago@zulip.com'))
      .type('form')
      .send({ name: 'Phone', field_type: '1' });
    const res = await request(h.app)
      .patch('/api/v1/users/me/profile_data')
      .set(await h.headers('hamlet@zulip.com'))
      .type('form')
      .send({ data: JSON.stringify([{ id: field.body.id, value: NUL }]) });
    expect(res.status).toBe(400);
  });
});

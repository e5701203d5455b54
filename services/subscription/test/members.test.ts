import { startHarness, type Harness } from './helpers';

describe('GET /streams/{stream_id}/members', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("lists a public stream's active subscribers by e-mail", async () => {
    const id = await h.streamId('Denmark');
    const expected = (
      await h.db
        .knex('subscriptions as s')
        .join('users as u', 'u.id', 's.user_id')
        .where({ 's.stream_id': id, 's.active': true, 'u.is_active': true })
        .select('u.email')
    )
      .map((r: { email: string }) => r.email)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const res = await h.as('othello@zulip.com').get(`/streams/${id}/members`);
    expect(res.body).toEqual({ result: 'success', msg: '', subscribers: expected });
  });

  it('keeps private streams to their subscribers and administrators', async () => {
    const created = await h.as('hamlet@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'members-hidden' }],
      invite_only: true,
    });
    expect(created.body.result).toBe('success');
    const id = await h.streamId('members-hidden');
    const expected = { result: 'success', msg: '', subscribers: ['hamlet@zulip.com'] };
    expect((await h.as('hamlet@zulip.com').get(`/streams/${id}/members`)).body).toEqual(expected);
    expect((await h.as('iago@zulip.com').get(`/streams/${id}/members`)).body).toEqual(expected);
    expect((await h.as('othello@zulip.com').get(`/streams/${id}/members`)).body).toEqual({
      result: 'error',
      msg: 'Invalid stream id',
      code: 'BAD_REQUEST',
    });
  });

  it('answers Invalid stream id for an unknown stream, and a bad id as a bad value', async () => {
    expect((await h.as('othello@zulip.com').get('/streams/99999/members')).body).toEqual({
      result: 'error',
      msg: 'Invalid stream id',
      code: 'BAD_REQUEST',
    });
    const bad = await h.as('othello@zulip.com').get('/streams/abc/members');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ result: 'error', code: 'REQUEST_VARIABLE_INVALID' });
  });
});

describe('GET /streams/{stream_id}/members with out-of-range ids', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('answers Invalid stream id, not a server error', async () => {
    for (const id of ['99999999999', '2147483648']) {
      const res = await h.as('othello@zulip.com').get(`/streams/${id}/members`);
      expect(res.body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
    }
  });
});

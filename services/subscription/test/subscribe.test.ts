import { STREAM_COLORS } from '@chat/db';
import { ofType, startHarness, type Harness } from './helpers';

describe('POST /users/me/subscriptions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('creates a missing stream and subscribes the caller (stream: nonexistent -> exists; subscription -> subscribed)', async () => {
    const res = await h.as('iago@zulip.com').post('/users/me/subscriptions', {
      subscriptions: [{ name: 'new stream', description: 'New stream for testing' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', subscribed: { 'iago@zulip.com': ['new stream'] }, already_subscribed: {} });
    const stream = await h.db.knex('streams').where({ name: 'new stream' }).first();
    expect(stream).toMatchObject({
      description: 'New stream for testing',
      rendered_description: '<p>New stream for testing</p>',
      invite_only: false,
      history_public_to_subscribers: true,
      is_announcement_only: false,
    });
    const recipient = await h.db.knex('recipients').where({ id: stream.recipient_id }).first();
    expect(recipient).toMatchObject({ type: 2, type_id: stream.id });
  });
});

import request from 'supertest';
import { identityHeaders } from '@chat/http';
import { ofType, startHarness, type Harness } from './helpers';

describe('POST /internal/subscriptions/invited', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const newUser = async (email: string) =>
    (
      await h.db
        .knex('users')
        .insert({
          realm_id: h.realmId,
          email,
          delivery_email: email,
          full_name: 'Invited User',
          api_key_enc: 'x',
          api_key_hash: `${email}-hash`,
        })
        .returning('id')
    )[0].id as number;
  const invited = async (userId: number, streamIds: number[]) => {
    const headers = identityHeaders({ kind: 'service', service: 'settings', realmId: h.realmId }, h.config.internalSecret);
    return request(h.app)
      .post('/api/v1/internal/subscriptions/invited')
      .set(headers)
      .type('form')
      .send({ user_id: String(userId), stream_ids: JSON.stringify(streamIds) });
  };

  it("subscribes the new user to the invitation's streams, with the subscribe events", async () => {
    const userId = await newUser('viola@zulip.com');
    const [denmark, rome] = [await h.streamId('Denmark'), await h.streamId('Rome')];
    const mark = await h.mark();
    expect((await invited(userId, [rome, denmark, 999999])).body).toEqual({
      result: 'success',
      msg: '',
      subscribed: ['Denmark', 'Rome'],
      already_subscribed: [],
    });
    expect(ofType(await h.events(mark), 'subscription', 'add')[0]!.userIds).toEqual([userId]);
  });

  it('gives the default streams when the invitation named none (or none that still exist)', async () => {
    const userId = await newUser('sebastian@zulip.com');
    expect((await invited(userId, [])).body).toEqual({ result: 'success', msg: '', subscribed: ['Verona'], already_subscribed: [] });
    const other = await newUser('antonio@zulip.com');
    expect((await invited(other, [999999])).body).toMatchObject({ subscribed: ['Verona'] });
  });

  it('is for services only, about active users of the realm', async () => {
    expect((await invited(99999, [])).body).toEqual({ result: 'error', msg: 'Invalid user ID', code: 'BAD_REQUEST' });
    expect((await h.as('iago@zulip.com').post('/internal/subscriptions/invited', { user_id: 1, stream_ids: [] })).status).toBe(401);
  });
});

import { startHarness, type Harness } from './helpers';

describe('reading endpoints never answer 500 to bad input', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it.each([
    ['get', '/messages/matches_narrow', { msg_ids: [99999999999, -5], narrow: [] }],
    ['get', '/messages/matches_narrow', { msg_ids: [1], narrow: [['search', 'a\u0000b']] }],
    ['get', '/messages/matches_narrow', { msg_ids: [1], narrow: '{"a":1}' }],
    ['get', '/messages/matches_narrow', { msg_ids: '{}', narrow: [] }],
    ['post', '/messages/render', { content: 'a\u0000b' }],
    ['post', '/streams/99999999999/delete_topic', { topic_name: 'x' }],
    ['post', '/streams/1/delete_topic', { topic_name: 'a\u0000b' }],
    ['post', '/typing', { op: 'start', to: [99999999999] }],
    ['post', '/typing', { op: 'start', to: '{"a":1}' }],
    ['post', '/typing', { op: 'start', to: ['a\u0000b@zulip.com'] }],
  ] as const)('%s %s %j', async (method, path, params) => {
    const res = method === 'get' ? await h.get('iago@zulip.com', path, params) : await h.post('iago@zulip.com', path, params);
    expect(res.status).toBeLessThan(500);
    expect(res.body.result).toBeDefined();
  });
});

/**
 * Ids in paths past PostgreSQL's integer range (found by test/malformed-input.property.test.ts):
 * each endpoint answers its own "no such object" error, as for any id that names no row.
 */
import { startHarness, type Harness } from './helpers';

const HUGE = '9223372036854775808';

describe('message endpoints with an id no row can have', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 30_000);
  afterAll(() => h.close());

  it.each([
    ['get', `/messages/${HUGE}`],
    ['get', `/messages/${HUGE}/history`],
    ['patch', `/messages/${HUGE}`],
    ['del', `/messages/${HUGE}`],
    ['del', `/messages/${HUGE}/reactions`],
  ] as const)('%s %s is Invalid message(s)', async (method, path) => {
    const params = method === 'patch' ? { content: 'x' } : method === 'del' && path.endsWith('reactions') ? { emoji_name: 'smile' } : {};
    const res = await h[method]('iago@zulip.com', path, params);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });
  });

  it.each([
    ['post', `/streams/${HUGE}/delete_topic`, { topic_name: 'x' }],
    ['post', '/mark_stream_as_read', { stream_id: HUGE }],
    ['post', '/mark_topic_as_read', { stream_id: HUGE, topic_name: 'x' }],
  ] as const)('%s %s is Invalid stream id', async (method, path, params) => {
    const res = await h[method]('iago@zulip.com', path, params);
    expect(res.body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
  });

  it('DELETE /realm/filters/<huge> is Filter not found', async () => {
    const res = await h.del('iago@zulip.com', `/realm/filters/${HUGE}`);
    expect(res.body).toEqual({ result: 'error', msg: 'Filter not found' });
  });

  it('DELETE /attachments/<huge> is Invalid attachment', async () => {
    const res = await h.del('iago@zulip.com', `/attachments/${HUGE}`);
    expect(res.body).toMatchObject({ result: 'error', msg: 'Invalid attachment' });
  });
});

/**
 * The inputs an adversarial probe of the embedded server answered with 500: NUL in strings that
 * reach SQL, integers past PostgreSQL's ranges, lists past its 65,535 bind parameters, prototype
 * names for a flag. Each must now get Zulip's error envelope (or a success), never a 500, and a
 * refused request writes nothing.
 */
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, testConfig, testLogger } from '@chat/testing';

/** Past PostgreSQL's 65,535 bind parameters per statement. */
const MANY = 70_000;
const manyIds = (start: number) => Array.from({ length: MANY }, (_v, i) => start + i);

describe('inputs that answered 500 before (embedded topology)', () => {
  let server: Standalone;
  let hamlet: ApiClient;
  let iago: ApiClient;
  let messageId: number;
  let denmarkId: number;

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(), logger: testLogger() });
    hamlet = await new ApiClient(server.app).loginAs('hamlet@zulip.com');
    iago = await new ApiClient(server.app).loginAs('iago@zulip.com');
    const sent = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'probe', content: 'hello' });
    messageId = sent.body.id as number;
    denmarkId = ((await server.db.knex('streams').where({ name: 'Denmark' }).first('id')) as { id: number }).id;
  }, 60_000);

  afterAll(() => server.stop(), 30_000);

  const expectClientError = (res: request.Response): void => {
    expect({ status: res.status, result: res.body.result }).toEqual({ status: 400, result: 'error' });
    expect(typeof res.body.msg).toBe('string');
  };

  describe('NUL in a string', () => {
    const NUL = 'a\u0000b';
    it.each([
      ['a send topic', () => hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: NUL, content: 'x' })],
      [
        'a search narrow',
        () => hamlet.get('/messages', { anchor: 0, num_before: 0, num_after: 5, narrow: [{ operator: 'search', operand: NUL }] }),
      ],
      [
        'a topic narrow',
        () => hamlet.get('/messages', { anchor: 0, num_before: 0, num_after: 5, narrow: [{ operator: 'topic', operand: NUL }] }),
      ],
      ['an edited topic', () => hamlet.patch(`/messages/${messageId}`, { topic: NUL })],
      ['a muted topic', () => hamlet.patch('/users/me/subscriptions/muted_topics', { stream: 'Denmark', topic: NUL, op: 'add' })],
      [
        'an anonymous fetch_api_key username',
        () => request(server.app).post('/api/v1/fetch_api_key').type('form').send({ username: NUL, password: 'x' }),
      ],
    ])('%s', async (_what, call) => {
      const res = await call();
      expectClientError(res);
      expect(res.body.msg).toContain('NULL (0x00)');
    });
  });

  describe('integers past the database range', () => {
    it.each([
      [
        'messages=[2147483648] on /messages/flags',
        () => hamlet.post('/messages/flags', { messages: [2147483648], op: 'add', flag: 'starred' }),
      ],
      [
        'a narrow id 2147483648',
        () => hamlet.get('/messages', { anchor: 0, num_before: 0, num_after: 5, narrow: [{ operator: 'id', operand: 2147483648 }] }),
      ],
      ['to=[2147483648]', () => hamlet.post('/messages', { type: 'private', to: [2147483648], content: 'x' })],
    ])('%s', async (_what, call) => expectClientError(await call()));

    it('anchor=-9223372036854775809 is refused, and the lowest 64-bit anchor reads from the start', async () => {
      expectClientError(await hamlet.get('/messages', { anchor: '-9223372036854775809', num_before: 0, num_after: 1 }));
      const lowest = await hamlet.get('/messages', { anchor: '-9223372036854775808', num_before: 0, num_after: 1 });
      expect(lowest.status).toBe(200);
      expect(lowest.body.messages).toHaveLength(1);
    });
  });

  describe(`lists of ${MANY} ids`, () => {
    it('flags: every id is one array parameter', async () => {
      const res = await hamlet.post('/messages/flags', { messages: [messageId, ...manyIds(1_000_000)], op: 'add', flag: 'starred' });
      expect(res.status).toBe(200);
      expect(res.body.messages).toEqual([messageId, ...manyIds(1_000_000)]);
    });

    // Too long for a URL: the lists go in a form body, which GETs read too (as Zulip's REQ does).
    const getWithBody = (path: string, form: Record<string, unknown>) =>
      hamlet
        .api('get', path)
        .type('form')
        .send(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, JSON.stringify(v)])));

    it.each([
      ['matches_narrow msg_ids', () => getWithBody('/messages/matches_narrow', { msg_ids: manyIds(1), narrow: [] })],
      [
        'a pm-with narrow',
        () => getWithBody('/messages', { anchor: 0, num_before: 0, num_after: 5, narrow: [{ operator: 'pm-with', operand: manyIds(1) }] }),
      ],
    ])('%s', async (_what, call) => {
      const res = await call();
      expect(res.status).toBeLessThan(500);
      expect(res.body.result).toBeDefined();
    });

    it.each([
      ['private to', () => hamlet.post('/messages', { type: 'private', to: manyIds(1), content: 'x' })],
      ['typing to', () => hamlet.post('/typing', { op: 'start', to: manyIds(1) })],
      ['user group members', () => iago.post('/user_groups/create', { name: 'probe', description: 'x', members: manyIds(1) })],
    ])('%s', async (_what, call) => expectClientError(await call()));
  });

  describe('prototype names for a flag', () => {
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])('flag=%s is an invalid flag', async (flag) => {
      const res = await hamlet.post('/messages/flags', { messages: [messageId], op: 'add', flag });
      expect(res.body).toEqual({ result: 'error', msg: `Invalid flag: '${flag}'`, code: 'BAD_REQUEST' });
    });

    it.each(['__proto__', 'constructor'])('a subscription property named %s is unknown', async (property) => {
      const res = await hamlet.post('/users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: denmarkId, property, value: true }],
      });
      expectClientError(res);
    });
  });
});

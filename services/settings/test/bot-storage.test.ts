import request from 'supertest';
import { startSettings, type Harness } from './helpers';
import { USER_STATE_SIZE_LIMIT } from '../src/lib/bot-storage';

describe('bot storage', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const as = (who: string) => h.headers(`${who}@zulip.com`);
  const err = (msg: string) => ({ result: 'error', msg });
  const put = async (storage: unknown, who = 'hamlet') =>
    (
      await request(h.app)
        .put('/api/v1/bot_storage')
        .set(await as(who))
        .type('form')
        .send({ storage: JSON.stringify(storage) })
    ).body;
  const get = async (keys?: unknown, who = 'hamlet') =>
    (
      await request(h.app)
        .get('/api/v1/bot_storage')
        .set(await as(who))
        .query(keys === undefined ? {} : { keys: JSON.stringify(keys) })
    ).body;
  const remove = async (keys?: unknown, who = 'hamlet') =>
    (
      await request(h.app)
        .delete('/api/v1/bot_storage')
        .set(await as(who))
        .type('form')
        .send(keys === undefined ? {} : { keys: JSON.stringify(keys) })
    ).body;

  it("stores, reads, updates and removes entries as Zulip's own test does", async () => {
    const initial = { 'key 1': 'value 1', 'key 2': 'value 2', 'key 3': 'value 3' };
    expect(await put(initial)).toEqual({ result: 'success', msg: '' });
    expect(await get(['key 1', 'key 3'])).toEqual({ result: 'success', msg: '', storage: { 'key 1': 'value 1', 'key 3': 'value 3' } });
    expect((await get()).storage).toEqual(initial);
    expect(await put({ 'key 1': 'new value', 'key 4': 'value 4' })).toEqual({ result: 'success', msg: '' });
    const updated = { ...initial, 'key 1': 'new value', 'key 4': 'value 4' };
    expect((await get()).storage).toEqual(updated);
    expect(await get(['key 1', 'nonexistent key'])).toEqual(err('Key does not exist.'));

    expect(await remove(['key 1', 'key 2'])).toEqual({ result: 'success', msg: '' });
    expect((await get()).storage).toEqual({ 'key 3': 'value 3', 'key 4': 'value 4' });
    // One missing key removes nothing.
    expect(await remove(['key 3', 'nonexistent key'])).toEqual(err('Key does not exist.'));
    expect((await get()).storage).toEqual({ 'key 3': 'value 3', 'key 4': 'value 4' });
    expect(await remove()).toEqual({ result: 'success', msg: '' });
    expect((await get()).storage).toEqual({});
  });

  it("keeps each account's entries apart, bots' and humans' alike", async () => {
    await put({ shared: 'hamlet' });
    await put({ shared: 'othello' }, 'othello');
    expect((await get(['shared'])).storage).toEqual({ shared: 'hamlet' });
    expect((await get(['shared'], 'othello')).storage).toEqual({ shared: 'othello' });
    await remove();
    await remove(undefined, 'othello');
  });

  it('refuses what Zulip refuses, with its messages', async () => {
    expect(await put({ foo: [1, 2, 3] })).toEqual(err("Value type is <class 'list'>, but should be str."));
    expect(await put({ foo: 7 })).toEqual(err("Value type is <class 'int'>, but should be str."));
    expect(await put({ foo: null })).toEqual(err("Value type is <class 'NoneType'>, but should be str."));
    expect(await put(['a'])).toEqual({ ...err('storage is not a dict'), code: 'BAD_REQUEST' });
    expect(await get('a')).toEqual({ ...err('keys is not a list'), code: 'BAD_REQUEST' });
    expect(await get([1])).toEqual({ ...err('keys[0] is not a string'), code: 'BAD_REQUEST' });
    const raw = await request(h.app)
      .get('/api/v1/bot_storage')
      .set(await as('hamlet'))
      .query({ keys: 'not json' });
    expect(raw.body).toEqual({ ...err('Argument "keys" is not valid JSON.'), code: 'BAD_REQUEST' });
    expect(await put({ ['k'.repeat(1001)]: 'v' })).toEqual(err('Key is too long (limit: 1000 characters).'));
    expect((await get()).storage).toEqual({});
  });

  it('refuses a write that would take the account past USER_STATE_SIZE_LIMIT characters, and nothing of it is kept', async () => {
    // A form body is at most 1 MB, so the store fills over ten requests: nine of 1,000,002
    // characters, then one that brings the total to the limit exactly.
    for (let i = 0; i < 9; i++) expect(await put({ [`b${i}`]: 'x'.repeat(1_000_000) }, 'cordelia')).toEqual({ result: 'success', msg: '' });
    expect(await put({ big: 'x'.repeat(USER_STATE_SIZE_LIMIT - 9 * 1_000_002 - 'big'.length) }, 'cordelia')).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await put({ more: 'ab' }, 'cordelia')).toEqual(
      err(`Request exceeds storage limit by 6 characters. The limit is ${USER_STATE_SIZE_LIMIT} characters.`),
    );
    expect(await get(['more'], 'cordelia')).toEqual(err('Key does not exist.'));
    // Replacing an entry counts only the difference.
    expect(await put({ big: 'small', more: 'ab' }, 'cordelia')).toEqual({ result: 'success', msg: '' });
    expect((await get(['big', 'more'], 'cordelia')).storage).toEqual({ big: 'small', more: 'ab' });
  });
});

import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('alert words', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const call = async (method: 'get' | 'post' | 'delete', body?: Record<string, string>) => {
    const req = request(h.app)
      [method]('/api/v1/users/me/alert_words')
      .set(await h.headers('hamlet@zulip.com'));
    return (body ? await req.type('form').send(body) : await req).body;
  };

  it('starts empty, adds and removes words with alert_words events to the user', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    expect(await call('get')).toEqual({ result: 'success', msg: '', alert_words: [] });
    const added = await eventsOf(h.db, async () => {
      expect(await call('post', { alert_words: JSON.stringify(['foo', ' bar ', '', 'foo']) })).toEqual({
        result: 'success',
        msg: '',
        alert_words: ['foo', 'bar'],
      });
    });
    expect(added.map((n) => [n.event, n.userIds])).toEqual([[{ type: 'alert_words', alert_words: ['foo', 'bar'] }, [hamlet.id]]]);
    const removed = await eventsOf(h.db, async () => {
      expect(await call('delete', { alert_words: JSON.stringify(['foo']) })).toEqual({ result: 'success', msg: '', alert_words: ['bar'] });
    });
    expect(removed.map((n) => n.event)).toEqual([{ type: 'alert_words', alert_words: ['bar'] }]);
    expect(await call('get')).toEqual({ result: 'success', msg: '', alert_words: ['bar'] });
    const other = await request(h.app)
      .get('/api/v1/users/me/alert_words')
      .set(await h.headers('othello@zulip.com'));
    expect(other.body.alert_words).toEqual([]);
  });

  it('refuses what is not a list of strings', async () => {
    expect(await call('post', { alert_words: '"foo"' })).toEqual({
      result: 'error',
      msg: 'alert_words is not a list',
      code: 'BAD_REQUEST',
    });
    expect(await call('post', { alert_words: '[1]' })).toEqual({
      result: 'error',
      msg: 'alert_words[0] is not a string',
      code: 'BAD_REQUEST',
    });
    expect(await call('delete', { alert_words: '[' })).toEqual({
      result: 'error',
      msg: 'Argument "alert_words" is not valid JSON.',
      code: 'BAD_REQUEST',
    });
  });
});

import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('POST /zcommand', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const run = async (command: string, who = 'hamlet@zulip.com') =>
    request(h.app)
      .post('/api/v1/zcommand')
      .set(await h.headers(who))
      .type('form')
      .send({ command });

  it('answers /ping with nothing', async () => {
    expect((await run('/ping')).body).toEqual({ result: 'success', msg: '' });
  });

  it('switches night mode on and off, with the display setting events, once', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      expect((await run('/night')).body).toEqual({ result: 'success', msg: 'Changed to night mode! To revert night mode, type `/day`.' });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'user_settings', op: 'update', property: 'night_mode', value: true },
      { type: 'update_display_settings', user: 'hamlet@zulip.com', setting_name: 'night_mode', setting: true },
    ]);
    expect((await h.user('hamlet@zulip.com')).settings).toMatchObject({ night_mode: true });
    const again = await eventsOf(h.db, async () => {
      expect((await run('/dark')).body).toEqual({ result: 'success', msg: 'You are still in night mode.' });
    });
    expect(again).toEqual([]);
    expect((await run('/light')).body.msg).toBe('Changed to day mode! To revert day mode, type `/dark`.');
    expect((await run('/day')).body.msg).toBe('You are still in day mode.');
    expect((await h.user('hamlet@zulip.com')).id).toBe(hamlet.id);
  });

  it('switches between fluid and fixed width', async () => {
    expect((await run('/fluid-width')).body.msg).toBe('Changed to fluid-width mode! To revert fluid-width mode, type `/fixed-width`.');
    expect((await run('/fluid-width')).body.msg).toBe('You are still in fluid width mode.');
    expect((await h.user('hamlet@zulip.com')).settings).toMatchObject({ fluid_layout_width: true });
    expect((await run('/fixed-width')).body.msg).toBe('Changed to fixed-width mode! To revert fixed-width mode, type `/fluid-width`.');
    expect((await run('/fixed-width')).body.msg).toBe('You are still in fixed width mode.');
  });

  it("answers 2.1's errors", async () => {
    expect((await run('night')).body).toEqual({
      result: 'error',
      msg: 'There should be a leading slash in the zcommand.',
      code: 'BAD_REQUEST',
    });
    expect((await run('/dance')).body).toEqual({ result: 'error', msg: 'No such command: dance', code: 'BAD_REQUEST' });
    expect((await run('/constructor')).body).toEqual({ result: 'error', msg: 'No such command: constructor', code: 'BAD_REQUEST' });
    const missing = await request(h.app)
      .post('/api/v1/zcommand')
      .set(await h.headers('hamlet@zulip.com'))
      .type('form')
      .send({});
    expect(missing.body).toMatchObject({ msg: "Missing 'command' argument" });
  });
});

import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('outgoing-webhook bots', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const create = async (form: Record<string, string>, caller = 'hamlet@zulip.com') =>
    request(h.app)
      .post('/api/v1/bots')
      .set(await h.headers(caller))
      .type('form')
      .send(form);
  const patch = async (botId: number, form: Record<string, string>) =>
    request(h.app)
      .patch(`/api/v1/bots/${botId}`)
      .set(await h.headers('hamlet@zulip.com'))
      .type('form')
      .send(form);

  it('creates a bot_type 3 bot with its service, shown in the realm_bot add event', async () => {
    const notices = await eventsOf(h.db, async () => {
      const res = await create({
        full_name: 'Echo',
        short_name: 'echo',
        bot_type: '3',
        payload_url: JSON.stringify('https://hooks.example.com/echo'),
        interface_type: '2',
      });
      expect(res.status).toBe(200);
    });
    const bot = await h.user('echo-bot@zulip.com');
    expect(bot).toMatchObject({ bot_type: 3, bot_owner_id: (await h.user('hamlet@zulip.com')).id });
    const added = notices.find((n) => n.event.type === 'realm_bot')!;
    expect(added.event).toMatchObject({
      op: 'add',
      bot: {
        user_id: bot.id,
        bot_type: 3,
        services: [{ base_url: 'https://hooks.example.com/echo', interface: 2, token: expect.stringMatching(/^[A-Za-z0-9]{32}$/) }],
      },
    });
    expect(await h.db.knex('services').where({ bot_id: bot.id }).first()).toMatchObject({ name: 'echo', interface: 2 });
  });

  it('takes a bare URL too, and the generic interface by default', async () => {
    expect(
      (await create({ full_name: 'Plain', short_name: 'plain', bot_type: '3', payload_url: 'http://hooks.example.com/p' })).status,
    ).toBe(200);
    const bot = await h.user('plain-bot@zulip.com');
    expect(await h.db.knex('services').where({ bot_id: bot.id }).first()).toMatchObject({
      base_url: 'http://hooks.example.com/p',
      interface: 1,
    });
  });

  it.each([
    [{ payload_url: '"not a url"' }, 'payload_url is not a URL'],
    [{ payload_url: '"ftp://files.example.com/"' }, 'payload_url is not a URL'],
    [{}, 'payload_url is not a URL'],
    [{ payload_url: '"https://hooks.example.com/"', interface_type: '7' }, 'Invalid interface type'],
  ])('refuses %p', async (extra, msg) => {
    const res = await create({ full_name: 'Broken hook', short_name: 'broken', bot_type: '3', ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', msg });
    expect(await h.db.knex('users').where({ email: 'broken-bot@zulip.com' }).first()).toBeUndefined();
  });

  it('PATCH /bots/{id} changes the URL and interface, telling the owners', async () => {
    const bot = await h.user('echo-bot@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      const res = await patch(bot.id, { service_payload_url: JSON.stringify('https://hooks.example.com/v2'), service_interface: '1' });
      expect(res.body).toMatchObject({ result: 'success', service_payload_url: 'https://hooks.example.com/v2', service_interface: 1 });
    });
    const token = ((await h.db.knex('services').where({ bot_id: bot.id }).first()) as { token: string }).token;
    expect(notices.map((n) => n.event)).toEqual([
      {
        type: 'realm_bot',
        op: 'update',
        bot: { email: bot.email, user_id: bot.id, services: [{ base_url: 'https://hooks.example.com/v2', interface: 1, token }] },
      },
    ]);
    expect(notices[0]!.userIds).toContain(bot.bot_owner_id);
    // The same values again change nothing and emit nothing.
    expect(await eventsOf(h.db, async () => void (await patch(bot.id, { service_payload_url: 'https://hooks.example.com/v2' })))).toEqual(
      [],
    );
  });

  it('PATCH refuses a bad URL or interface, and a bot without a service', async () => {
    const bot = await h.user('echo-bot@zulip.com');
    expect((await patch(bot.id, { service_payload_url: '"nope"' })).body).toMatchObject({ msg: 'service_payload_url is not a URL' });
    expect((await patch(bot.id, { service_payload_url: '"https://a.example.com/"', service_interface: '3' })).body).toMatchObject({
      msg: 'Invalid interface type',
    });
    await create({ full_name: 'Generic', short_name: 'generic' });
    const generic = await h.user('generic-bot@zulip.com');
    expect((await patch(generic.id, { service_payload_url: '"https://a.example.com/"' })).body).toMatchObject({
      result: 'error',
      msg: 'This bot has no outgoing webhook service',
    });
  });
});

/** Zulip 2.1's helloworld walkthrough (behaviour notes section 6), fixture by fixture. */
import { BOT, fixture, OWNER, webhookHarness, type WebhookHarness } from './helpers';

const HELLO =
  'Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is ' +
  '**[Marilyn Monroe](https://en.wikipedia.org/wiki/Marilyn_Monroe)**';
const GOODBYE =
  'Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is ' +
  '**[Goodbye](https://en.wikipedia.org/wiki/Goodbye)**';
const CLIENT = 'ZulipHelloWorldWebhook';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  h.internal.calls = [];
  h.internal.failWith = undefined;
  await h.db.knex('webhook_bot_reminders').delete();
});

describe('POST /external/helloworld', () => {
  it('posts the hello fixture to the stream under Hello World, sent form-encoded as Zulip tests do', async () => {
    const res = await h.post('/external/helloworld?stream=Denmark', fixture('helloworld', 'hello.json'));
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"result":"success","msg":""}\n');
    expect(h.internal.posted()).toEqual([
      { sender_email: BOT, type: 'stream', to: ['Denmark'], topic: 'Hello World', content: HELLO, client: CLIENT },
    ]);
  });

  it('posts the goodbye fixture sent as JSON', async () => {
    const res = await h.post('/external/helloworld?stream=Denmark', fixture('helloworld', 'goodbye.json'), 'application/json');
    expect(res.status).toBe(200);
    expect(h.internal.posted()).toEqual([
      { sender_email: BOT, type: 'stream', to: ['Denmark'], topic: 'Hello World', content: GOODBYE, client: CLIENT },
    ]);
  });

  it('takes the topic parameter over Hello World', async () => {
    await h.post('/external/helloworld?stream=Denmark&topic=Custom%20Topic', fixture('helloworld', 'hello.json'));
    expect(h.internal.posted()[0]).toMatchObject({ topic: 'Custom Topic', content: HELLO });
  });

  it("sends a private message to the bot's owner when no stream is given", async () => {
    const res = await h.post('/external/helloworld', fixture('helloworld', 'goodbye.json'));
    expect(res.status).toBe(200);
    expect(h.internal.posted()).toEqual([{ sender_email: BOT, type: 'private', to: [OWNER], content: GOODBYE, client: CLIENT }]);
  });

  it('answers a missing payload key with REQUEST_VARIABLE_MISSING', async () => {
    const res = await h.post('/external/helloworld?stream=Denmark', '{"featured_url": "https://example.com"}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'featured_title' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'featured_title',
    });
    const noUrl = await h.post('/external/helloworld?stream=Denmark', '{"featured_title": "x"}');
    expect(noUrl.body).toMatchObject({ msg: "Missing 'featured_url' argument", var_name: 'featured_url' });
    for (const body of ['[]', '"text"', '3', 'null']) {
      const other = await h.post('/external/helloworld?stream=Denmark', body);
      expect(other.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'featured_title' });
    }
    expect(h.internal.calls).toEqual([]);
  });

  it('answers malformed JSON with INVALID_JSON and tells the owner, once per wait period', async () => {
    const first = await h.post('/external/helloworld?stream=Denmark', 'featured_title=Marilyn');
    expect(first.status).toBe(400);
    expect(first.text).toBe('{"result":"error","msg":"Malformed JSON","code":"INVALID_JSON"}\n');
    const notice =
      'Hi there! It looks like you tried to set up the Zulip HelloWorld integration,\n' +
      "but didn't correctly configure the webhook to send data in the JSON format\n" +
      'that this integration expects!';
    expect(h.internal.posted()).toEqual([
      { sender_email: 'notification-bot@zulip.com', type: 'private', to: [OWNER], content: notice, client: 'Internal' },
    ]);
    const empty = await h.post('/external/helloworld?stream=Denmark', '');
    expect(empty.body).toEqual({ result: 'error', msg: 'Malformed JSON', code: 'INVALID_JSON' });
    expect(h.internal.calls).toHaveLength(1);
  });

  it('succeeds for a stream that does not exist and has Notification Bot tell the owner', async () => {
    const res = await h.post('/external/helloworld?stream=nonexistent', fixture('helloworld', 'hello.json'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(h.internal.posted()).toEqual([
      {
        sender_email: 'notification-bot@zulip.com',
        type: 'private',
        to: [OWNER],
        content:
          'Your bot `webhook-bot@zulip.com` tried to send a message to channel #**nonexistent**, but that channel ' +
          'does not exist. Click [here](#channels/new) to create it.',
        client: 'Internal',
      },
    ]);
  });

  it('rate-limits notices per bot (BOT_OWNER_STREAM_ALERT_WAITPERIOD, 1 minute)', async () => {
    await h.post('/external/helloworld?stream=nonexistent', fixture('helloworld', 'hello.json'));
    await h.post('/external/helloworld?stream=nonexistent', fixture('helloworld', 'hello.json'));
    await h.post('/external/helloworld?stream=Denmark', '{');
    expect(h.internal.calls).toHaveLength(1);
    // Just inside the period: still quiet. Past it: the next problem is told again.
    await h.db.knex('webhook_bot_reminders').update({ last_reminder: h.db.knex.raw("now() - interval '59 seconds'") });
    await h.post('/external/helloworld?stream=nonexistent', fixture('helloworld', 'hello.json'));
    expect(h.internal.calls).toHaveLength(1);
    await h.db.knex('webhook_bot_reminders').update({ last_reminder: h.db.knex.raw("now() - interval '61 seconds'") });
    await h.post('/external/helloworld?stream=nonexistent', fixture('helloworld', 'hello.json'));
    expect(h.internal.calls).toHaveLength(2);
  });

  it('still answers the sender as Zulip does when the notice cannot be sent', async () => {
    h.internal.failWith = (call) => (call.params.type === 'private' ? new Error('private messages unavailable') : undefined);
    const res = await h.post('/external/helloworld?stream=nonexistent', fixture('helloworld', 'hello.json'));
    expect(res.status).toBe(200);
    const bad = await h.post('/external/helloworld?stream=Denmark', 'nope');
    expect(bad.status).toBe(400);
  });

  it('passes the message service errors on (an empty topic)', async () => {
    const { ApiError } = await import('@chat/errors');
    h.internal.failWith = () => new ApiError("Topic can't be empty", { code: 'BAD_REQUEST' });
    const res = await h.post('/external/helloworld?stream=Denmark&topic=', fixture('helloworld', 'hello.json'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: "Topic can't be empty", code: 'BAD_REQUEST' });
  });

  it('refuses a body over the limit with a 413', async () => {
    const res = await h.post('/external/helloworld?stream=Denmark', `{"featured_title":"${'x'.repeat(1024 * 1024)}"}`);
    expect(res.status).toBe(413);
    expect(h.internal.calls).toEqual([]);
  });

  it('is not reachable without an identity', async () => {
    const { default: request } = await import('supertest');
    const res = await request(h.app).post('/api/v1/external/helloworld?stream=Denmark').send('{}');
    expect(res.status).toBe(401);
  });
});

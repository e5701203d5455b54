import { JobDispatcher } from '@chat/dispatch';
import { DatabaseJobs } from '@chat/jobs';
import { noMailer } from '@chat/mail';
import { startWebhookServer, testLogger, waitFor, type TestWebhookServer } from '@chat/testing';
import { registerMessageJobs } from '../src/consumers/background-jobs';
import { OUTGOING_WEBHOOK_ATTEMPTS } from '../src/outgoing-webhooks/deliver';
import { sendOk, startHarness, type Harness } from './helpers';

/** This harness runs no event tier: nobody has an event queue, so everyone is away. */
const nobodyPresent = async () => new Set<number>();

const BOT = 'outgoing-webhook@zulip.com';

interface Row {
  id: number;
  sender_id: number;
  recipient_id: number;
  subject: string;
  content: string;
  stream_id: number | null;
}

describe('outgoing-webhook bots', () => {
  let h: Harness;
  let hook: TestWebhookServer;
  let jobs: DatabaseJobs;
  let dispatcher: JobDispatcher;
  let botId: number;

  beforeAll(async () => {
    h = await startHarness({ outgoingWebhookAllowPrivate: true, outgoingWebhookRetryBackoffMs: 20, outgoingWebhookTimeoutSecs: 2 });
    hook = await startWebhookServer();
    jobs = new DatabaseJobs({ knex: h.db.knex, logger: testLogger(), pollMs: 20 });
    dispatcher = new JobDispatcher({ db: h.db, jobs, logger: testLogger(), pollMs: 20 });
    await registerMessageJobs(h.deps, jobs, noMailer(), nobodyPresent);
    await dispatcher.start();
    botId = await h.userId(BOT);
    await h.db.knex('services').where({ bot_id: botId }).update({ base_url: hook.url, interface: 1 });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await jobs.close({ graceMs: 0 });
    await hook.close();
    await h.close();
  });
  beforeEach(() => {
    hook.requests.length = 0;
    hook.answerWith(() => ({ status: 200 }));
  });

  const messagesBy = (senderId: number, afterId: number): Promise<Row[]> =>
    h.db.knex<Row>('messages').where({ sender_id: senderId }).where('id', '>', afterId).orderBy('id');
  const service = async () => (await h.db.knex('services').where({ bot_id: botId }).first()) as { token: string };

  it("POSTs Zulip's generic payload for a private message and posts the reply back to the conversation", async () => {
    hook.answerWith(() => ({ status: 200, body: JSON.stringify({ content: 'pong' }) }));
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: JSON.stringify([BOT]), content: 'ping' });
    await waitFor(async () => (await messagesBy(botId, id)).length === 1);
    const payload = JSON.parse(hook.requests[0]!.body) as Record<string, unknown>;
    expect(hook.requests[0]!.headers['content-type']).toBe('application/json');
    expect(payload).toMatchObject({
      data: 'ping',
      trigger: 'private_message',
      token: (await service()).token,
      bot_email: BOT,
      bot_full_name: 'Outgoing Webhook',
      message: { id, type: 'private', content: 'ping', sender_email: 'hamlet@zulip.com' },
    });
    const [reply] = await messagesBy(botId, id);
    // A one-to-one conversation is stored under the other person's recipient: the bot writes to hamlet.
    const hamlet = (await h.db.knex('users').where({ email: 'hamlet@zulip.com' }).first('recipient_id')) as { recipient_id: number };
    expect(reply).toMatchObject({ content: 'pong', recipient_id: hamlet.recipient_id });
  });

  it('answers a mention in a stream in the same topic; a message without the mention triggers nothing', async () => {
    hook.answerWith((req) => ({
      status: 200,
      body: JSON.stringify({ content: `you said: ${(JSON.parse(req.body) as { data: string }).data}` }),
    }));
    const plain = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Verona', topic: 'bots', content: 'no bot here' });
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Verona', topic: 'bots', content: '@**Outgoing Webhook** hello' });
    await waitFor(async () => (await messagesBy(botId, id)).length === 1);
    expect(hook.requests).toHaveLength(1);
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({ trigger: 'mention', message: { id } });
    expect((await messagesBy(botId, plain))[0]).toMatchObject({ subject: 'bots', content: 'you said: @**Outgoing Webhook** hello' });
  });

  it('posts nothing for response_not_required or an empty answer, and nothing a bot sends triggers it', async () => {
    hook.answerWith(() => ({ status: 200, body: JSON.stringify({ response_not_required: true, content: 'ignored' }) }));
    const first = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: JSON.stringify([BOT]), content: 'quiet please' });
    // Deliveries run concurrently: the first is answered before the answer changes, and before the
    // next message, so the order of the calls is the order of the sends.
    await waitFor(() => hook.requests.length === 1);
    hook.answerWith(() => ({ status: 200 }));
    await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: JSON.stringify([BOT]), content: 'and again' });
    await waitFor(() => hook.requests.length === 2);
    // A bot's own message (here another bot's) asks for no call.
    await sendOk(h, 'default-bot@zulip.com', { type: 'private', to: JSON.stringify([BOT]), content: 'bot to bot' });
    const marker = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: JSON.stringify([BOT]), content: 'last' });
    await waitFor(() => hook.requests.some((r) => r.body.includes(`"id":${marker}`)));
    expect(hook.requests.map((r) => (JSON.parse(r.body) as { data: string }).data)).toEqual(['quiet please', 'and again', 'last']);
    expect(await messagesBy(botId, first)).toEqual([]);
  });

  it('retries a 500 answer, then says the bot is unavailable and tells its owner', async () => {
    hook.answerWith(() => ({ status: 500, body: 'upstream exploded' }));
    const aaron = await h.userId('aaron@zulip.com');
    const id = await sendOk(h, 'hamlet@zulip.com', {
      type: 'stream',
      to: 'Verona',
      topic: 'outage',
      content: '@**Outgoing Webhook** status?',
    });
    await waitFor(async () => (await messagesBy(botId, id)).length === 2, 10_000);
    expect(hook.requests).toHaveLength(OUTGOING_WEBHOOK_ATTEMPTS);
    const [failure, notice] = await messagesBy(botId, id);
    expect(failure).toMatchObject({ subject: 'outage', content: 'Failure! The bot is unavailable.' });
    const ownerRecipient = (await h.db.knex('users').where({ id: aaron }).first('recipient_id')) as { recipient_id: number };
    expect(notice!.recipient_id).toBe(ownerRecipient.recipient_id);
    expect(notice!.content).toContain(`after ${OUTGOING_WEBHOOK_ATTEMPTS} tries because it answered with status 500`);
    expect(notice!.content).toContain(`/near/${id}`);
    expect(notice!.content).toContain('upstream exploded');
  });

  it('does not retry a 4xx answer', async () => {
    hook.answerWith(() => ({ status: 404, body: 'no such hook' }));
    const id = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: JSON.stringify([BOT]), content: 'anyone?' });
    await waitFor(async () => (await messagesBy(botId, id)).length === 2);
    expect(hook.requests).toHaveLength(1);
    expect((await messagesBy(botId, id))[0]!.content).toBe("Failure! The bot's endpoint answered with status 404.");
  });

  it('speaks the slack form when its interface says so', async () => {
    await h.db.knex('services').where({ bot_id: botId }).update({ interface: 2 });
    try {
      hook.answerWith(() => ({ status: 200, body: JSON.stringify({ text: 'slack says hi' }) }));
      const id = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Verona', topic: 'slack', content: '@**Outgoing Webhook** hi' });
      await waitFor(async () => (await messagesBy(botId, id)).length === 1);
      expect(hook.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(hook.requests[0]!.body);
      expect(Object.fromEntries(form)).toMatchObject({
        token: (await service()).token,
        channel_name: 'Verona',
        text: '@**Outgoing Webhook** hi',
        trigger_word: 'mention',
        user_name: 'King Hamlet',
      });
      expect((await messagesBy(botId, id))[0]).toMatchObject({ content: 'slack says hi', subject: 'slack' });
    } finally {
      await h.db.knex('services').where({ bot_id: botId }).update({ interface: 1 });
    }
  });
});

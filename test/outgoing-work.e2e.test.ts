/**
 * The message service's queue work in both topologies: an outgoing-webhook bot created through
 * the API calls a local endpoint and posts its reply, a failing endpoint is retried and the owner
 * told; a private message left unread is mailed to a local SMTP server, one read in time is not.
 */
import type { Config } from '@chat/config';
import { ApiClient, startSmtpServer, startWebhookServer, waitFor, type TestSmtpServer, type TestWebhookServer } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(120_000);

// Filled in before the topologies start (this beforeAll runs first): the SMTP port is known only then.
const overrides: Partial<Config> = {
  outgoingWebhookAllowPrivate: true,
  outgoingWebhookRetryBackoffMs: 50,
  missedMessageEmailDelaySecs: 2,
};
let smtp: TestSmtpServer;
let hook: TestWebhookServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  hook = await startWebhookServer();
  Object.assign(overrides, { emailBackend: 'smtp', emailHost: '127.0.0.1', emailPort: smtp.port, emailUseTls: false });
});
afterAll(async () => {
  await hook.close();
  await smtp.close();
});

interface Message {
  id: number;
  sender_email: string;
  content: string;
  subject: string;
}

describeBothTopologies(
  'outgoing webhooks and missed-message e-mails',
  (env) => {
    let hamlet: ApiClient;
    let botEmail: string;

    beforeAll(async () => {
      hamlet = await new ApiClient(env().target, { userAgent: 'ZulipPython/0.6' }).loginAs('hamlet@zulip.com');
      const created = await hamlet.post('/bots', {
        full_name: `Echo ${env().name}`,
        short_name: `echo-${env().name}`,
        bot_type: 3,
        payload_url: JSON.stringify(hook.url),
      });
      expect(created.status).toBe(200);
      botEmail = `echo-${env().name}-bot@zulip.com`;
    });

    const botMessages = async (narrow: unknown[]): Promise<Message[]> => {
      const res = await hamlet.get('/messages', {
        anchor: 'newest',
        num_before: 20,
        num_after: 0,
        narrow: JSON.stringify(narrow),
        apply_markdown: false,
      });
      return (res.body.messages as Message[]).filter((m) => m.sender_email === botEmail);
    };

    it("delivers a private message to the bot's endpoint and posts its reply", async () => {
      hook.answerWith((req) => ({
        status: 200,
        body: JSON.stringify({ content: `echo: ${(JSON.parse(req.body) as { data: string }).data}` }),
      }));
      const sent = await hamlet.post('/messages', { type: 'private', to: JSON.stringify([botEmail]), content: `hello ${env().name}` });
      expect(sent.status).toBe(200);
      const narrow = [{ operator: 'pm-with', operand: botEmail }];
      await waitFor(async () => (await botMessages(narrow)).some((m) => m.content === `echo: hello ${env().name}`), 20_000);
      const request = hook.requests.find((r) => r.body.includes(`hello ${env().name}`));
      expect(JSON.parse(request!.body)).toMatchObject({ trigger: 'private_message', bot_email: botEmail, message: { id: sent.body.id } });
    });

    it('retries an endpoint answering 500, then tells the conversation and the owner', async () => {
      hook.answerWith(() => ({ status: 500, body: 'down for maintenance' }));
      const before = hook.requests.length;
      const topic = `outage ${env().name}`;
      const sent = await hamlet.post('/messages', {
        type: 'stream',
        to: 'Denmark',
        topic,
        content: `@**Echo ${env().name}** are you there?`,
      });
      expect(sent.status).toBe(200);
      const pm = [{ operator: 'pm-with', operand: botEmail }];
      await waitFor(async () => (await botMessages(pm)).some((m) => m.content.includes(`/near/${sent.body.id}`)), 30_000);
      expect(hook.requests.length - before).toBe(4);
      const notice = (await botMessages(pm)).find((m) => m.content.includes(`/near/${sent.body.id}`))!;
      expect(notice.content).toContain('status 500');
      expect(notice.content).toContain('down for maintenance');
      const inStream = await botMessages([
        { operator: 'stream', operand: 'Denmark' },
        { operator: 'topic', operand: topic },
      ]);
      expect(inStream.map((m) => m.content)).toEqual(['Failure! The bot is unavailable.']);
    });

    it('mails a private message left unread, and not one read before the delay', async () => {
      const othelloMail = `Unread for othello (${env().name})`;
      const sent = await hamlet.post('/messages', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: othelloMail });
      expect(sent.status).toBe(200);
      await waitFor(() => smtp.mails.some((m) => m.envelopeTo.includes('othello@zulip.com') && m.text.includes(othelloMail)), 20_000);
      const mail = smtp.mails.find((m) => m.text.includes(othelloMail))!;
      expect(mail.subject).toBe('New private message from King Hamlet');
      expect(mail.text).toContain('#narrow/pm-with/');

      const cordelia = await new ApiClient(env().target, { userAgent: 'ZulipPython/0.6' }).loginAs('cordelia@zulip.com');
      const readInTime = `Read in time by cordelia (${env().name})`;
      const second = await hamlet.post('/messages', { type: 'private', to: JSON.stringify(['cordelia@zulip.com']), content: readInTime });
      expect((await cordelia.post('/messages/flags', { messages: JSON.stringify([second.body.id]), op: 'add', flag: 'read' })).status).toBe(
        200,
      );
      const cordeliaId = (await env().db.knex('users').where({ email: 'cordelia@zulip.com' }).first('id')) as { id: number };
      // The batch's job has run (it forgets the batch either way) without mailing.
      await waitFor(async () => (await env().db.knex('missed_message_emails').where({ user_id: cordeliaId.id })).length === 0, 20_000);
      expect(smtp.mails.filter((m) => m.text.includes(readInTime))).toEqual([]);
    });
  },
  overrides,
);

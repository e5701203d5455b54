/**
 * Incoming webhooks through the gateway, in both topologies: Zulip 2.1's helloworld fixtures
 * produce exactly Zulip's messages (behaviour notes section 6), and the webhook authentication
 * answers as Zulip's api_key_only_webhook_view does (section 1.4).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { Authenticator, realmResolver } from '@chat/auth';
import { createApiKeyCipher, notifyAuthChange } from '@chat/db';
import { errorMiddleware, sendSuccess } from '@chat/http';
import { authenticateRoute, ROUTES, type Route } from '@chat/gateway-service';
import { INTEGRATIONS } from '@chat/webhook-service';
import { webhookEndpoints } from '@chat/contracts';
import { ApiClient, basicAuth, testConfig, testLogger, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

const fixture = (name: string) => readFileSync(join(__dirname, 'zulip-webhooks/helloworld/fixtures', name), 'utf8');
const HELLO =
  'Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is ' +
  '**[Marilyn Monroe](https://en.wikipedia.org/wiki/Marilyn_Monroe)**';
const GOODBYE =
  'Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is ' +
  '**[Goodbye](https://en.wikipedia.org/wiki/Goodbye)**';
interface Fetched {
  id: number;
  type: string;
  subject: string;
  content: string;
  sender_email: string;
  client: string;
  display_recipient: unknown;
}

async function newest(client: ApiClient, narrow: unknown[] = []): Promise<Fetched | undefined> {
  const res = await client.get('/messages', { anchor: 10_000_000_000_000_000, num_before: 1, num_after: 0, narrow, apply_markdown: false });
  expect(res.status).toBe(200);
  return (res.body.messages as Fetched[])[0];
}

describe('webhook routes', () => {
  it('are one per integration module, each routed with its declared authentication', () => {
    const rows = ROUTES.filter((r) => r.service === 'webhook' && r.auth === 'webhook' && r.method === 'POST');
    expect(rows.map((r) => r.name).sort()).toEqual(INTEGRATIONS.map((i) => i.name).sort());
    expect(rows.map((r) => [r.method, r.path, r.auth])).toEqual(rows.map((r) => ['POST', `/external/${r.name}`, 'webhook']));
  });
});

describeBothTopologies('incoming webhooks', (env) => {
  let botKey: string;
  const hook = (query: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
    request(env().target).post(`/api/v1/external/helloworld?${query}`).set('Content-Type', contentType).send(body);

  beforeAll(async () => {
    const res = await request(env().target).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'webhook-bot@zulip.com' });
    botKey = res.body.api_key;
  });

  it('lists every integration for a signed-in user: its URL, what it posts, its URL options and events', async () => {
    const iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    const res = await iago.get('/integrations');
    expect(res.status).toBe(200);
    const listed = res.body.integrations as { name: string; url: string; display_name: string; summary: string }[];
    expect(listed.map((i) => i.name).sort()).toEqual(INTEGRATIONS.map((i) => i.name).sort());
    expect(listed.find((i) => i.name === 'github')).toMatchObject({
      display_name: 'GitHub',
      url: '/api/v1/external/github',
      url_options: expect.arrayContaining([expect.objectContaining({ key: 'branches', validator: 'check_string' })]),
      all_event_types: expect.arrayContaining(['push']),
    });
    for (const integration of listed) expect(integration.summary).toMatch(/^Posts /);
    expect((await request(env().target).get('/api/v1/integrations')).status).toBe(401);
  });

  it('posts the hello and goodbye fixtures exactly as Zulip does', async () => {
    const iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    const denmark = [{ operator: 'stream', operand: 'Denmark' }];
    for (const [name, content] of [
      ['hello.json', HELLO],
      ['goodbye.json', GOODBYE],
    ] as const) {
      // Zulip's tests post the fixtures form-encoded (&api_key first, as its URL template has it).
      const res = await hook(`&api_key=${botKey}&stream=Denmark`, fixture(name));
      expect(res.status).toBe(200);
      expect(res.text).toBe('{"result":"success","msg":""}\n');
      expect(await newest(iago, denmark)).toMatchObject({
        type: 'stream',
        display_recipient: 'Denmark',
        subject: 'Hello World',
        content,
        sender_email: 'webhook-bot@zulip.com',
        client: 'ZulipHelloWorldWebhook',
      });
    }
  });

  it('takes the topic parameter, and a JSON Content-Type as well', async () => {
    const res = await hook(`api_key=${botKey}&stream=Denmark&topic=Custom%20Topic`, fixture('hello.json'), 'application/json');
    expect(res.status).toBe(200);
    const iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    expect(await newest(iago, [{ operator: 'stream', operand: 'Denmark' }])).toMatchObject({ subject: 'Custom Topic', content: HELLO });
  });

  it("renders a third party's text as any sender's: its links pass the server's URL policy, its HTML stays text", async () => {
    const payload = JSON.stringify({ featured_title: '<img src=x onerror=alert(1)>', featured_url: 'javascript:alert(1)' });
    const res = await hook(`api_key=${botKey}&stream=Denmark&topic=untrusted`, payload, 'application/json');
    expect(res.status).toBe(200);
    const iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    const fetched = await iago.get('/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'topic', operand: 'untrusted' }],
    });
    const html = (fetched.body.messages as { content: string }[])[0]!.content;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<img|<a /);
  });

  it("sends a private message to the bot's owner without a stream", async () => {
    const res = await hook(`&api_key=${botKey}`, fixture('goodbye.json'));
    expect(res.status).toBe(200);
    const zoe = await new ApiClient(env().target).loginAs('ZOE@zulip.com');
    expect(await newest(zoe)).toMatchObject({ type: 'private', content: GOODBYE, sender_email: 'webhook-bot@zulip.com' });
  });

  it('answers a stream that does not exist with success and tells the owner', async () => {
    await env().db.knex('webhook_bot_reminders').delete();
    const res = await hook(`&api_key=${botKey}&stream=nonexistent`, fixture('hello.json'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const zoe = await new ApiClient(env().target).loginAs('ZOE@zulip.com');
    expect(await newest(zoe)).toMatchObject({
      type: 'private',
      sender_email: 'notification-bot@zulip.com',
      content:
        'Your bot `webhook-bot@zulip.com` tried to send a message to channel #**nonexistent**, but that channel does ' +
        'not exist. Click [here](#channels/new) to create it.',
    });
  });

  it("answers payload errors with Zulip's bodies", async () => {
    const missing = await hook(`api_key=${botKey}&stream=Denmark`, '{"featured_url":"https://example.com",}');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      result: 'error',
      msg: "Missing 'featured_title' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'featured_title',
    });
    const malformed = await hook(`api_key=${botKey}&stream=Denmark`, 'featured_title=x');
    expect(malformed.status).toBe(400);
    expect(malformed.text).toBe('{"result":"error","msg":"Malformed JSON","code":"INVALID_JSON"}\n');
  });

  it("answers credential errors as Zulip's api_key-only webhook view", async () => {
    const missing = await hook('stream=Denmark', fixture('hello.json'));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      result: 'error',
      msg: "Missing 'api_key' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'api_key',
    });
    const wrong = await hook('api_key=notakey&stream=Denmark', fixture('hello.json'));
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe('{"result":"error","msg":"Invalid API key","code":"INVALID_API_KEY"}\n');
    expect(wrong.headers['www-authenticate']).toBeUndefined();
    const unknown = await request(env().target).post(`/api/v1/external/no_such_integration?api_key=${botKey}`).send('{}');
    expect(unknown.status).toBe(404);
  });

  it('accepts any user key (the message comes from that user) and refuses a deactivated account with a 400', async () => {
    const config = testConfig();
    const db = env().db.knex;
    const user = await db('users').where({ email: 'default-bot@zulip.com' }).first();
    const key = createApiKeyCipher(config.apiKeySecret).decrypt(user.api_key_enc);
    const ok = await hook(`api_key=${key}&stream=Denmark`, fixture('hello.json'));
    expect(ok.status).toBe(200);
    await db.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ is_active: false });
      await notifyAuthChange(trx, user.id);
    });
    try {
      await waitFor(async () => (await hook(`api_key=${key}&stream=Denmark`, fixture('hello.json'))).status !== 200, 3000);
      const res = await hook(`api_key=${key}&stream=Denmark`, fixture('hello.json'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'Account is deactivated', code: 'BAD_REQUEST' });
    } finally {
      await db.transaction(async (trx) => {
        await trx('users').where({ id: user.id }).update({ is_active: true });
        await notifyAuthChange(trx, user.id);
      });
    }
  });

  it('authenticates integrations that declare HTTP Basic with Basic only, as authenticated_rest_api_view', async () => {
    const config = testConfig();
    const route: Route = { ...webhookEndpoints.helloworld, path: '/hook', webhookAuth: 'basic' };
    const authenticator = new Authenticator(env().db.knex, createApiKeyCipher(config.apiKeySecret));
    const app = express();
    // The bare host, as supertest's 127.0.0.1, names the development realm.
    app.post('/hook', authenticateRoute(route, authenticator, realmResolver(env().db.knex, config.externalHost)), (req, res) =>
      sendSuccess(res, { email: req.identity?.kind === 'user' ? req.identity.email : null }),
    );
    app.use(errorMiddleware(testLogger()));
    const ok = await request(app).post('/hook').set('Authorization', basicAuth('webhook-bot@zulip.com', botKey));
    expect(ok.body).toEqual({ result: 'success', msg: '', email: 'webhook-bot@zulip.com' });
    const none = await request(app).post(`/hook?api_key=${botKey}`);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ result: 'error', msg: 'Missing authorization header for basic auth' });
    const wrong = await request(app).post('/hook').set('Authorization', basicAuth('iago@zulip.com', botKey));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ result: 'error', msg: 'Invalid API key' });
    expect(wrong.headers['www-authenticate']).toBe('Basic realm="zulip"');
  });
});

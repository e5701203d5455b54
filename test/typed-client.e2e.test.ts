/**
 * The typed client (@chat/contracts) over real HTTP with its own transport, `fetch`, as a browser
 * would use it: log in, subscribe, send, read the message back by long-poll and by fetch.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiCallError, ChatClient, eventQueueEndpoints, messageEndpoints, settingsEndpoints, subscriptionEndpoints } from '@chat/contracts';
import { startStandalone, type Standalone } from '@chat/standalone';
import { testConfig, testLogger } from '@chat/testing';

describe('ChatClient over fetch', () => {
  let server: Standalone;
  let http: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(), logger: testLogger() });
    http = createServer(server.app);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await server.stop();
  });

  it('logs in, subscribes, sends, and reads the message by long-poll and by fetch', async () => {
    const anonymous = new ChatClient({ baseUrl });
    const settings = await anonymous.call(settingsEndpoints.getServerSettings);
    expect(settings.realm_name).toBe('Zulip Dev');
    const key = await anonymous.call(settingsEndpoints.devFetchApiKey, { username: 'hamlet@zulip.com' });
    const hamlet = new ChatClient({ baseUrl, credentials: { email: key.email, apiKey: key.api_key } });

    await hamlet.call(subscriptionEndpoints.subscribe, { subscriptions: [{ name: 'typed client' }] });
    const queue = await hamlet.call(eventQueueEndpoints.register, { event_types: ['message'], apply_markdown: true });
    const sent = await hamlet.call(messageEndpoints.sendMessage, {
      type: 'stream',
      to: 'typed client',
      topic: 'fetch',
      content: 'over **fetch**',
    });

    const polled = await hamlet.call(eventQueueEndpoints.getEvents, { queue_id: queue.queue_id, last_event_id: queue.last_event_id });
    expect(polled.events).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ id: sent.id, content: '<p>over <strong>fetch</strong></p>' }),
      }),
    ]);
    const fetched = await hamlet.call(messageEndpoints.getMessages, {
      anchor: sent.id,
      num_before: 0,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: 'typed client' }],
    });
    expect(fetched.messages).toEqual([expect.objectContaining({ id: sent.id, subject: 'fetch' })]);
  });

  it('throws an error answer as ApiCallError with its status and body', async () => {
    const wrong = new ChatClient({ baseUrl, credentials: { email: 'hamlet@zulip.com', apiKey: 'not-the-key' } });
    const failure = await wrong.call(subscriptionEndpoints.getStreams).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect(failure).toMatchObject({ status: 401, body: { result: 'error', msg: 'Invalid API key' } });
  });
});

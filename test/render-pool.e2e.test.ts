/**
 * Markdown renders in the embedded server's render pool: off the event loop, under a deadline,
 * with a per-user limit of renders in flight, and on content capped as a message's is.
 *
 * The slow input is 10 KB (the cap) of `>` lines, which takes a few hundred ms to render. Nothing
 * asserts a duration: one server's deadline is far below that render, so it is cut; the other's
 * is far above it, so the render is still running while other requests are answered, and the
 * order of the answers shows it. (libs/render-pool/test has the same with 150 KB that would take
 * seconds, which only the pool itself can be handed.)
 */
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, testConfig, testLogger, waitFor, waitForSuccess } from '@chat/testing';

const SLOW = '>\n'.repeat(5_000);
const MAX_MESSAGE_LENGTH = 10_000;

/** Resolves with the response, recording its name in `order` when it arrives. */
function answered<T>(call: PromiseLike<T>, order: string[], name: string): Promise<T> {
  return Promise.resolve(call).then((res) => {
    order.push(name);
    return res;
  });
}

describe('a render past its deadline (embedded, RENDER_DEADLINE_MS=20)', () => {
  let server: Standalone;
  let hamlet: ApiClient;

  beforeAll(async () => {
    server = await startStandalone({ config: testConfig({ renderDeadlineMs: 20 }), logger: testLogger() });
    hamlet = await new ApiClient(server.app).loginAs('hamlet@zulip.com');
  }, 60_000);
  afterAll(() => server.stop(), 30_000);

  it("answers Zulip's `Unable to render message`, for a preview and for a send (which writes nothing)", async () => {
    const preview = await hamlet.post('/messages/render', { content: SLOW });
    expect({ status: preview.status, body: preview.body }).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Unable to render message', code: 'BAD_REQUEST' },
    });

    const before = await server.db.knex('messages').count<{ count: string }[]>('* as count');
    const send = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'slow', content: SLOW });
    expect({ status: send.status, msg: send.body.msg }).toEqual({ status: 400, msg: 'Unable to render message' });
    expect(await server.db.knex('messages').count<{ count: string }[]>('* as count')).toEqual(before);

    // The worker that was cut is replaced: ordinary content renders as before. Its first render
    // also warms the new thread, which on a busy machine can itself pass a 20 ms deadline, so
    // what is asserted is that the pool renders again, not that the first try does.
    const ok = await waitForSuccess(async () => {
      const answer = await hamlet.post('/messages/render', { content: '**still fine**' });
      if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
      return answer;
    }, 10_000);
    expect(ok.body).toEqual({ result: 'success', msg: '', rendered: '<p><strong>still fine</strong></p>' });
  });
});

describe('a slow render holds nothing else (embedded, two render threads, one render in flight per user)', () => {
  let server: Standalone;
  let hamlet: ApiClient;
  let othello: ApiClient;

  beforeAll(async () => {
    const config = testConfig({ renderThreads: 2, renderPerUserInFlight: 1, renderPerUserWaiting: 0 });
    server = await startStandalone({ config, logger: testLogger() });
    hamlet = await new ApiClient(server.app).loginAs('hamlet@zulip.com');
    othello = await new ApiClient(server.app).loginAs('othello@zulip.com');
  }, 60_000);
  afterAll(() => server.stop(), 30_000);

  it("answers other requests, another user's send included, while the render runs", async () => {
    const order: string[] = [];
    const slow = answered(hamlet.post('/messages/render', { content: SLOW }), order, 'slow render');
    await waitFor(() => server.renderer.inFlight > 0);
    const settings = answered(request(server.app).get('/api/v1/server_settings'), order, 'server_settings');
    const send = answered(
      othello.post('/messages', { type: 'stream', to: 'Denmark', topic: 'meanwhile', content: 'hello **there**' }),
      order,
      'send',
    );

    expect((await settings).status).toBe(200);
    expect((await send).body.result).toBe('success');
    const rendered = await slow;
    expect(rendered.status).toBe(200);
    expect(rendered.body.rendered).toContain('&gt;');
    expect(order.at(-1)).toBe('slow render');
  });

  it("answers a user past their renders in flight with the rate limiter's 429 and Retry-After", async () => {
    const slow = hamlet.post('/messages/render', { content: SLOW }).then((res) => res);
    await waitFor(() => server.renderer.inFlight > 0);
    const second = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'two at once', content: 'second' });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': 5 });
    expect(second.headers['retry-after']).toBe('5');
    expect((await slow).status).toBe(200);
    // The slot is free again once the render ended.
    expect((await hamlet.post('/messages/render', { content: 'again' })).body.rendered).toBe('<p>again</p>');
  });

  it("caps the preview's content as a send caps a message's: 10000 bytes, then marked", async () => {
    const res = await hamlet.post('/messages/render', { content: 'a'.repeat(MAX_MESSAGE_LENGTH * 3) });
    expect(res.status).toBe(200);
    const mark = '\n[message truncated]';
    const kept = MAX_MESSAGE_LENGTH - mark.length;
    expect(res.body.rendered).toBe(`<p>${'a'.repeat(kept)}<br>\n[message truncated]</p>`);
  });
});

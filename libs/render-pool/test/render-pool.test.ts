/**
 * The render pool with real worker threads (loaded from source through worker.cjs, as under
 * `npm start`). The slow input is 150 KB of `http://`, which takes seconds (17.9 s on the machine
 * the problem was found on) against a 300 ms deadline; nothing here asserts a duration, only
 * which answer comes first and what it is.
 */
import { ApiError } from '@chat/errors';
import { renderMarkdown, type MarkdownContext } from '@chat/markdown';
import { createRenderPool, type RenderPool, type RenderPoolOptions } from '../src';

const SLOW = 'http://'.repeat(150_000 / 7);
const DEADLINE_MS = 300;

function pool(options: Partial<RenderPoolOptions> = {}): RenderPool {
  return createRenderPool({ deadlineMs: DEADLINE_MS, threads: 2, queueMax: 10, perUserInFlight: 0, perUserWaiting: 0, ...options });
}

/** Resolves with the error a render rejects with (fails the test when it resolves). */
async function refusal(render: Promise<unknown>): Promise<ApiError> {
  const outcome = await render.then(
    () => new Error('the render succeeded'),
    (err: unknown) => err,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

/** Records when a promise settles, for ordering checks. */
function settled(promise: Promise<unknown>, log: string[], name: string): Promise<unknown> {
  return promise.then(
    () => log.push(name),
    () => log.push(name),
  );
}

describe('render pool', () => {
  const pools: RenderPool[] = [];
  const started = (options?: Partial<RenderPoolOptions>) => {
    const made = pool(options);
    pools.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('renders as @chat/markdown does on the calling thread, context included', async () => {
    const renderer = started();
    const context: MarkdownContext = {
      users: [{ id: 10, fullName: 'King Hamlet' }],
      streams: [{ id: 3, name: 'Denmark' }],
      linkifiers: [{ id: 1, pattern: '#(?P<id>[0-9]+)', urlFormatString: 'https://trac.example.com/ticket/%(id)s' }],
      realmEmoji: [{ name: 'green_tick', sourceUrl: '/user_avatars/1/emoji/tick.png' }],
      userGroups: [{ id: 4, name: 'support' }],
      translateEmoticons: true,
    };
    const inputs = [
      '**bold** and _it_ :) see #**Denmark** and #224, @**King Hamlet** @*support* :green_tick:',
      '/me waves',
      '```python\nprint(1)\n```\n> quoted @**all**',
      '1. one\n  2. two\n* [link](https://example.com/user_uploads/1/a.png)',
    ];
    for (const content of inputs) {
      expect(await renderer.render(1, content, context)).toEqual(renderMarkdown(content, context));
    }
  });

  it("stops a render at its deadline with Zulip's error, while other renders go on; the pool renders after it", async () => {
    const renderer = started();
    await Promise.all([renderer.render(1, 'warm'), renderer.render(2, 'warm')]);
    const order: string[] = [];
    const slow = renderer.render(1, SLOW);
    const slowSettled = settled(slow, order, 'slow');
    const fast = await renderer.render(2, 'meanwhile **fine**');
    order.push('fast');
    expect(fast.html).toBe('<p>meanwhile <strong>fine</strong></p>');

    const error = await refusal(slow);
    await slowSettled;
    expect(order).toEqual(['fast', 'slow']);
    expect(error.status).toBe(400);
    expect(error.body()).toEqual({ result: 'error', msg: 'Unable to render message', code: 'BAD_REQUEST' });
    // The terminated worker was replaced: both threads render again.
    const after = await Promise.all([renderer.render(1, 'one'), renderer.render(2, 'two'), renderer.render(3, 'three')]);
    expect(after.map((r) => r.html)).toEqual(['<p>one</p>', '<p>two</p>', '<p>three</p>']);
  });

  it('answers a user past their renders in flight with the rate-limit 429 and Retry-After; others render meanwhile', async () => {
    const renderer = started({ perUserInFlight: 1 });
    const slow = renderer.render(7, SLOW);
    const limited = await refusal(renderer.render(7, 'a second one'));
    expect(limited.status).toBe(429);
    expect(limited.body()).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': DEADLINE_MS / 1000 });
    expect(limited.headers['Retry-After']).toBe(String(DEADLINE_MS / 1000));
    expect((await renderer.render(8, 'someone else')).html).toBe('<p>someone else</p>');

    expect((await refusal(slow)).status).toBe(400);
    expect((await renderer.render(7, 'free again')).html).toBe('<p>free again</p>');
  });

  it("keeps a user's burst waiting for their turn, one running at a time, and refuses past the waiting limit", async () => {
    const renderer = started({ perUserInFlight: 1, perUserWaiting: 2 });
    const order: string[] = [];
    const slow = renderer.render(7, SLOW);
    const second = renderer.render(7, 'second');
    const third = renderer.render(7, 'third');
    const done = Promise.all([settled(slow, order, 'slow'), settled(second, order, 'second'), settled(third, order, 'third')]);
    const refused = await refusal(renderer.render(7, 'one too many'));
    expect(refused.status).toBe(429);
    // Another user is not behind this one's turns.
    expect((await renderer.render(8, 'someone else')).html).toBe('<p>someone else</p>');
    expect((await refusal(slow)).status).toBe(400);
    expect((await second).html).toBe('<p>second</p>');
    expect((await third).html).toBe('<p>third</p>');
    await done;
    expect(order).toEqual(['slow', 'second', 'third']);
    expect(renderer.inFlight).toBe(0);
  });

  it('refuses a render with 503 when the queue is full', async () => {
    const renderer = started({ threads: 1, queueMax: 1 });
    await renderer.render(1, 'warm');
    const running = renderer.render(1, SLOW);
    const waiting = renderer.render(2, 'waits its turn');
    expect(renderer.queued).toBe(1);
    const full = await refusal(renderer.render(3, 'one too many'));
    expect(full.status).toBe(503);
    expect(full.headers['Retry-After']).toBe(String(DEADLINE_MS / 1000));
    expect(full.body()).toMatchObject({ result: 'error', msg: 'The server is busy rendering messages; try again later' });

    expect((await refusal(running)).status).toBe(400);
    expect((await waiting).html).toBe('<p>waits its turn</p>');
  });
});

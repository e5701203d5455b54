/**
 * Rate limiting as a client sees it (behaviour notes 1.5), in both topologies with
 * RATE_LIMIT_PER_MINUTE=200: the 201st request of a user in a minute gets Zulip's 429, other
 * users are unaffected, the API-key endpoints and refused webhook keys are limited per IP, and
 * two distributed gateway replicas count one window through Redis, as does the event tier for the
 * /register and /events requests the ingress sends it directly. Off by default.
 */
import request from 'supertest';
import { startStandalone } from '@chat/standalone';
import { ApiClient, testConfig, testLogger } from '@chat/testing';
import { UNAUTHENTICATED_PER_MINUTE } from '@chat/http';
import { startDistributedCluster, type DistributedCluster } from './distributed.harness';
import { describeBothTopologies } from './topologies';

jest.setTimeout(180_000);

const LIMIT = 200;
type Target = Parameters<typeof request>[0];
const login = (target: Target, email: string) => new ApiClient(target).loginAs(email);

/** Zulip's 429, exactly: no code, retry-after a float in the body and the header. */
function expectRateLimited(res: request.Response, limit: number): void {
  expect(res.status).toBe(429);
  expect(Object.keys(res.body).sort()).toEqual(['msg', 'result', 'retry-after']);
  expect(res.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': expect.any(Number) });
  const retryAfter = res.body['retry-after'] as number;
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  const reset = Number(res.headers['x-ratelimit-reset']);
  expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 1);
  expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000 + retryAfter) + 1);
}

/** `count` requests of one user, in batches so a slow machine still fits them in the minute. */
async function spend(clients: ApiClient[], count: number): Promise<request.Response[]> {
  const answers: request.Response[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = Array.from({ length: Math.min(20, count - i) }, (_, j) => clients[(i + j) % clients.length]!.get('/users/me'));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

describeBothTopologies(
  'rate limiting',
  (env) => {
    let hamlet: ApiClient;
    let othello: ApiClient;
    let iago: ApiClient;
    let webhookBotKey: string;
    const loginsInSetup = 4;

    beforeAll(async () => {
      const target = env().target;
      hamlet = await login(target, 'hamlet@zulip.com');
      othello = await login(target, 'othello@zulip.com');
      iago = await login(target, 'iago@zulip.com');
      const bot = await request(target).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'webhook-bot@zulip.com' });
      webhookBotKey = bot.body.api_key;
    });

    it('answers the 201st request of a user in a minute with 429, and only that user', async () => {
      const answers = await spend([hamlet], LIMIT);
      expect(answers.map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
      const remaining = answers.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => b - a);
      expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
      expect(answers[0]!.headers['x-ratelimit-limit']).toBe(String(LIMIT));

      expectRateLimited(await hamlet.get('/users/me'), LIMIT);
      // Every endpoint counts against the same window, sends included.
      expectRateLimited(await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 't', content: 'x' }), LIMIT);
      const other = await othello.get('/users/me');
      expect(other.status).toBe(200);
      expect(other.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    });

    it('counts a /register through the gateway once, not again in the event tier', async () => {
      const registered = await iago.post('/register', { event_types: ['message'] });
      expect(registered.status).toBe(200);
      const next = await iago.get('/users/me');
      expect([registered.headers['x-ratelimit-remaining'], next.headers['x-ratelimit-remaining']]).toEqual([
        String(LIMIT - 1),
        String(LIMIT - 2),
      ]);
    });

    it('limits refused webhook keys per IP: past 30 even a good key waits', async () => {
      const post = (key: string) =>
        request(env().target)
          .post('/api/v1/external/helloworld')
          .query({ api_key: key })
          .send({ featured_title: 'x', featured_url: 'https://example.com', content: 'y' });
      for (let i = 0; i < UNAUTHENTICATED_PER_MINUTE; i++) expect((await post('not-a-key')).status).toBe(401);
      expectRateLimited(await post('not-a-key'), UNAUTHENTICATED_PER_MINUTE);
      expectRateLimited(await post(webhookBotKey), UNAUTHENTICATED_PER_MINUTE);
    });

    it(`limits the API-key endpoints to ${UNAUTHENTICATED_PER_MINUTE} a minute per IP`, async () => {
      const fetchKey = () => request(env().target).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'iago@zulip.com' });
      for (let i = loginsInSetup; i < UNAUTHENTICATED_PER_MINUTE; i++) expect((await fetchKey()).status).toBe(200);
      expectRateLimited(await fetchKey(), UNAUTHENTICATED_PER_MINUTE);
      const password = await request(env().target)
        .post('/api/v1/fetch_api_key')
        .type('form')
        .send({ username: 'iago@zulip.com', password: 'x' });
      expectRateLimited(password, UNAUTHENTICATED_PER_MINUTE);
      // Starting an external login writes a login state: the same window.
      expectRateLimited(await request(env().target).get('/accounts/login/social/oidc/default'), UNAUTHENTICATED_PER_MINUTE);
      // Unauthenticated endpoints that hand out nothing are not limited.
      expect((await request(env().target).get('/api/v1/server_settings')).status).toBe(200);
    });

    it("limits the sign-up e-mails of a reusable link to 5 a day per client address (Zulip's sends_email_by_ip)", async () => {
      const link = await iago.post('/invites/multiuse', {});
      const key = /\/join\/([a-z0-9]{24})\/$/.exec(link.body.invite_link as string)![1]!;
      const join = (email: string) =>
        request(env().target).post('/json/join').set('Cookie', 'csrftoken=t').set('X-CSRFToken', 't').type('form').send({ key, email });
      for (let i = 0; i < 5; i++) expect((await join(`stranger${i}@example.test`)).body).toEqual({ result: 'success', msg: '' });
      const limited = await join('stranger5@example.test');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': expect.any(Number) });
      expect(limited.body['retry-after']).toBeGreaterThan(86_000);
      expect(limited.headers['retry-after']).toBe(String(limited.body['retry-after']));
      // Counted per client address, in the database every replica shares: nothing was written for the sixth.
      expect(await env().db.knex('invitations').where({ email: 'stranger5@example.test' }).first('id')).toBeUndefined();
    });
  },
  { rateLimitPerMinute: LIMIT },
);

describe('rate limiting across two distributed gateway replicas', () => {
  let cluster: DistributedCluster;

  beforeAll(async () => {
    cluster = await startDistributedCluster({ gateways: 2, configOverrides: { rateLimitPerMinute: LIMIT } });
  });
  afterAll(() => cluster.stop());

  it('counts one window per user through Redis, whichever replica answers', async () => {
    const [first, second] = cluster.gatewayUrls as [string, string];
    const viaFirst = await login(first, 'hamlet@zulip.com');
    const viaSecond = await login(second, 'hamlet@zulip.com');
    const answers = await spend([viaFirst, viaSecond], LIMIT);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    // Each replica answered half; separate windows would leave each with 100 to spare.
    expectRateLimited(await viaFirst.get('/users/me'), LIMIT);
    expectRateLimited(await viaSecond.get('/users/me'), LIMIT);
  });

  it('limits /register and /events sent straight to the event tier, in the same window', async () => {
    const [gateway] = cluster.gatewayUrls as [string];
    const [eventTier] = cluster.replicas.map((r) => r.url) as [string];
    const viaGateway = await login(gateway, 'othello@zulip.com');
    // The ingress routes these to the event tier with the client's own credentials.
    const direct = () => request(eventTier).post('/api/v1/register').set('Authorization', viaGateway.auth);
    const registered = await direct();
    expect(registered.status).toBe(200);
    const queueId = registered.body.queue_id as string;
    const answers = [registered, ...(await spend([viaGateway], LIMIT - 2)), await direct()];
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers[answers.length - 1]!.headers['x-ratelimit-remaining']).toBe('0');

    expectRateLimited(await direct(), LIMIT);
    // The long-poll (plain node:http path) and the gateway's routes share the window.
    const poll = await request(eventTier)
      .get('/api/v1/events')
      .set('Authorization', viaGateway.auth)
      .query({ queue_id: queueId, last_event_id: -1, dont_block: true });
    expectRateLimited(poll, LIMIT);
    expectRateLimited(await viaGateway.get('/users/me'), LIMIT);
  });
});

describe('rate limiting is off with RATE_LIMIT_PER_MINUTE=0 (the test default)', () => {
  it('sends no rate-limit headers and never answers 429', async () => {
    const server = await startStandalone({ config: testConfig(), logger: testLogger() });
    try {
      const hamlet = await login(server.app, 'hamlet@zulip.com');
      const answers = await spend([hamlet], LIMIT + 20);
      expect(answers.every((r) => r.status === 200 && r.headers['x-ratelimit-limit'] === undefined)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

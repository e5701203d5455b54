/**
 * Zulip's own webhook tests, as data (test/zulip-webhooks/<dir>/cases.ts): every fixture
 * is posted through the real endpoint of the embedded server and must produce exactly the topic
 * and message Zulip's test expects, or Zulip's answer. The distributed topology runs the first
 * case of each integration, through its gateway.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { Database } from '@chat/db';
import { startStandalone } from '@chat/standalone';
import { recordingLogger, testConfig } from '@chat/testing';
import type { ExpectedAnswer, ExpectedMessage, ZulipCase } from './zulip-webhooks/case';
import { startDistributedCluster } from './distributed.harness';

const ROOT = join(__dirname, 'zulip-webhooks');
const BOT = 'webhook-bot@zulip.com';

interface CaseSet {
  dir: string;
  cases: ZulipCase[];
}

function caseSets(): CaseSet[] {
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      dir: entry.name,
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      cases: (require(join(ROOT, entry.name, 'cases')) as { cases: ZulipCase[] }).cases,
    }));
}

const SETS = caseSets().filter((set) => set.cases.length > 0);

interface Target {
  app: Parameters<typeof request>[0];
  db: Database;
  apiKey: string;
}

async function botKey(app: Target['app']): Promise<string> {
  const res = await request(app).post('/api/v1/dev_fetch_api_key').type('form').send({ username: BOT });
  expect(res.status).toBe(200);
  return res.body.api_key as string;
}

/** Posts the case's fixture and answers with the HTTP answer and the bot's messages it caused. */
async function run(
  target: Target,
  set: CaseSet,
  c: ZulipCase,
): Promise<{ status: number; body: Record<string, unknown>; sent: ExpectedMessage[] }> {
  const knex = target.db.knex;
  const before = ((await knex('messages').max('id as id').first()) as { id: number | null } | undefined)?.id ?? 0;
  const credentials: Record<string, string> = c.basicAuth ? {} : { api_key: target.apiKey };
  const query = new URLSearchParams({ ...credentials, ...(c.private ? {} : { stream: 'Denmark' }), ...c.query });
  const basic = c.basicAuth ? { Authorization: `Basic ${Buffer.from(`${BOT}:${target.apiKey}`).toString('base64')}` } : {};
  const url = `/api/v1${c.path ?? `/external/${set.dir}`}?${query.toString()}`;
  // A string: superagent would serialize a Buffer as JSON under a JSON Content-Type.
  const body = c.fixture === undefined ? '' : readFileSync(join(ROOT, set.dir, 'fixtures', c.fixture), 'utf8');
  const res =
    c.method === 'HEAD'
      ? await request(target.app)
          .head(url)
          .set({ ...basic, ...c.headers })
      : await request(target.app)
          .post(url)
          .set({ 'Content-Type': c.contentType ?? 'application/json', ...basic, ...c.headers })
          .send(body);
  const bot = await knex('users').where({ email: BOT }).first('id');
  const rows = (await knex('messages')
    .where('id', '>', before)
    .andWhere({ sender_id: bot.id })
    .orderBy('id')
    .select('subject', 'content')) as {
    subject: string;
    content: string;
  }[];
  return {
    status: res.status,
    body: res.body as Record<string, unknown>,
    sent: rows.map((r) => ({ topic: r.subject, content: r.content })),
  };
}

function check(outcome: Awaited<ReturnType<typeof run>>, expected: ZulipCase['expect'], method?: 'HEAD'): void {
  if (method === 'HEAD') {
    expect({ status: outcome.status, sent: outcome.sent }).toEqual({ status: Array.isArray(expected) ? 200 : expected.status, sent: [] });
    return;
  }
  if (Array.isArray(expected)) {
    expect({ status: outcome.status, result: outcome.body.result, msg: outcome.body.msg }).toEqual({
      status: 200,
      result: 'success',
      msg: '',
    });
    expect(outcome.sent).toEqual(expected);
    return;
  }
  const answer: ExpectedAnswer = expected;
  expect({ status: outcome.status, msg: outcome.body.msg, ...(answer.code ? { code: outcome.body.code } : {}) }).toEqual(answer);
  expect(outcome.sent).toEqual([]);
}

describe('Zulip webhook fixtures (embedded)', () => {
  let target: Target;
  let stop: () => Promise<void> = async () => undefined;
  // Every line the server logs while it takes the fixtures, to look for the bot's key in them.
  const log = recordingLogger('debug');
  beforeAll(async () => {
    const server = await startStandalone({ config: testConfig(), logger: log.logger });
    stop = () => server.stop();
    target = { app: server.app, db: server.db, apiKey: await botKey(server.app) };
  });
  afterAll(() => stop());

  for (const set of SETS) {
    describe(set.dir, () => {
      it.each(set.cases.map((c) => [`${c.test} (${c.fixture ?? c.method})`, c] as const))('%s', async (_name, c) => {
        check(await run(target, set, c), (c.differs ?? c).expect, c.method);
      });
    });
  }

  describe('afterwards', () => {
    it('no log line holds the api_key of the URL, whatever the answer was', () => {
      expect(log.lines.filter((line) => String(line.route).includes('/external/')).length).toBeGreaterThan(0);
      expect(log.lines.filter((line) => JSON.stringify(line).includes(target.apiKey))).toEqual([]);
    });
  });
});

describe('Zulip webhook fixtures (distributed)', () => {
  let target: Target;
  let stop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const cluster = await startDistributedCluster({});
    stop = () => cluster.stop();
    target = { app: cluster.gatewayUrl, db: cluster.db, apiKey: await botKey(cluster.gatewayUrl) };
  });
  afterAll(() => stop());

  for (const set of SETS) {
    const first = set.cases[0]!;
    it(`${set.dir}: ${first.test} (${first.fixture ?? first.method})`, async () => {
      check(await run(target, set, first), (first.differs ?? first).expect, first.method);
    });
  }
});

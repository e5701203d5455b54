/**
 * Plays the scenario against a running server (the embedded app or the distributed gateway) and
 * records, for each step, the answer and the events it produced for two long-polling users
 * (hamlet and iago, every event type). Values that differ from run to run (times, keys, queue
 * ids, upload paths) are replaced by placeholders, so two runs of the same code record the same.
 *
 * Events arrive through the bus, after the answer: after each step iago sends a typing notice to
 * hamlet (it goes through the same outbox and bus partition as every event of the realm), and
 * each queue is polled until that notice arrives, so everything the step produced came before it.
 * The step's follow-ups, which run as background jobs, are waited for before the notice is sent.
 */
import { readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { Database } from '@chat/db';
import { ChatClient, matchContract, type AnyContract, type Method, type WireResponse } from '@chat/contracts';
import { ROUTES } from '@chat/gateway-service';
import type { Jobs } from '@chat/jobs';
import { ApiClient, supertestTransport, waitForFollowUps } from '@chat/testing';
import { SCENARIO, type Actor, type Step, type StepContext } from './scenario';

export interface Recorded {
  step: string;
  status: number;
  body: unknown;
  events: Record<'hamlet' | 'iago', unknown[]>;
}

type Target = RequestListener | string;
const DEV_USERS: Record<string, string> = {
  hamlet: 'hamlet@zulip.com',
  iago: 'iago@zulip.com',
  othello: 'othello@zulip.com',
  cordelia: 'cordelia@zulip.com',
};
/** How long one queue may take to show the step's closing notice. */
const SETTLE_MS = 15_000;

class Poller {
  private lastEventId = -1;
  constructor(
    private readonly client: ApiClient,
    private readonly queueId: string,
  ) {}

  /** Events up to and including the first typing notice from `sentinelSender`, which is dropped. */
  async until(sentinelSender: number): Promise<unknown[]> {
    const events: unknown[] = [];
    const deadline = Date.now() + SETTLE_MS;
    while (Date.now() < deadline) {
      const res = await this.client.get('/events', { queue_id: this.queueId, last_event_id: this.lastEventId });
      for (const event of (res.body.events ?? []) as { id: number; type: string; op?: string; sender?: { user_id: number } }[]) {
        this.lastEventId = Math.max(this.lastEventId, event.id);
        if (event.type === 'heartbeat') continue;
        if (event.type === 'typing' && event.op === 'start' && event.sender?.user_id === sentinelSender) return events;
        events.push(event);
      }
    }
    throw new Error('the closing typing notice never arrived');
  }
}

export async function replay(target: Target, db: Database, jobs: Jobs): Promise<Recorded[]> {
  const knex = db.knex;
  const clients = new Map<string, ApiClient>();
  const clientFor = async (email: string, fresh = false): Promise<ApiClient> => {
    if (fresh || !clients.has(email)) clients.set(email, await new ApiClient(target).loginAs(email));
    return clients.get(email)!;
  };
  const [hamlet, iago] = [await clientFor(DEV_USERS.hamlet!), await clientFor(DEV_USERS.iago!)];
  const register = async (client: ApiClient) =>
    new Poller(client, (await client.post('/register', { apply_markdown: true, client_gravatar: false })).body.queue_id as string);
  const polls = { hamlet: await register(hamlet), iago: await register(iago) };
  const ids = async (table: string, column: string, value: string) =>
    ((await knex(table).where(column, value).first('id')) as { id: number }).id;
  const streamIds = new Map<string, number>();
  const userIds = new Map<string, number>();
  const refresh = async () => {
    for (const row of (await knex('streams').select('id', 'name')) as { id: number; name: string }[]) streamIds.set(row.name, row.id);
    for (const row of (await knex('users').select('id', 'email')) as { id: number; email: string }[]) userIds.set(row.email, row.id);
  };
  const ctx: StepContext = {
    saved: {},
    streamId: (name) => streamIds.get(name) ?? -1,
    userId: (email) => userIds.get(email) ?? -1,
  };
  const iagoId = await ids('users', 'email', DEV_USERS.iago!);

  const records: Recorded[] = [];
  for (const step of SCENARIO) {
    await refresh();
    const res = await send(step, ctx, target, clientFor);
    if (step.save && res.body && typeof res.body === 'object') ctx.saved[step.save] = res.body as Record<string, unknown>;
    // A step's follow-ups (Notification Bot's posts) run as jobs after its answer; their events belong to it.
    await waitForFollowUps(db, jobs);
    await iago.post('/typing', { op: 'start', to: [DEV_USERS.hamlet] });
    const events = { hamlet: await polls.hamlet.until(iagoId), iago: await polls.iago.until(iagoId) };
    const json = res.contentType.startsWith('application/json');
    records.push({
      step: describe(step, ctx),
      status: res.status,
      body: json ? res.body : { contentType: res.contentType, text: res.body },
      events,
    });
  }
  return records;
}

/** `hamlet GET /users/me`; a path from the root ends with ` (root)`. */
function describe(step: Step, ctx: StepContext): string {
  const path = typeof step.path === 'function' ? step.path(ctx) : step.path;
  return `${step.as} ${step.method.toUpperCase()} ${path}${step.root ? ' (root)' : ''}`;
}

/** The routes a step's path is among: those under /api/v1, or those served from the root. */
export function routesFor(root: boolean) {
  return ROUTES.filter((route) => (route.root === true) === root);
}

/**
 * Each step goes through the typed client (@chat/contracts) by the declaration that serves its
 * path, so the recordings also check the client's encoding; uploads, which it does not build
 * multipart bodies for, go through supertest, and webhook payloads go raw with their headers.
 */
async function send(
  step: Step,
  ctx: StepContext,
  target: Target,
  clientFor: (email: string, fresh?: boolean) => Promise<ApiClient>,
): Promise<WireResponse> {
  const path = typeof step.path === 'function' ? step.path(ctx) : step.path;
  const params = typeof step.params === 'function' ? step.params(ctx) : (step.params ?? {});
  const served = matchContract(routesFor(step.root === true), step.method.toUpperCase() as Method, path);
  if (!served) throw new Error(`${step.method} ${path}: no declared endpoint serves it`);
  const values = { ...params, ...served.pathParams };
  if (step.as === 'anonymous') return new ChatClient({ transport: supertestTransport(target) }).request(served.contract, values);
  const email = emailOf(step.as);
  const client = await clientFor(email);
  const res = step.file
    ? await upload(client, step, path, params)
    : step.payload
      ? await sendPayload(client, target, served.contract, values, step.payload)
      : await client.typed.request(served.contract, values);
  // A new key: later steps as this user log in again.
  if (path.endsWith('/api_key/regenerate') && path.startsWith('/users/me')) await clientFor(email, true);
  return res;
}

async function upload(client: ApiClient, step: Step, path: string, params: Record<string, unknown>): Promise<WireResponse> {
  const file = step.file!;
  // The step's parameters ride as fields of the form, JSON-encoded where they are not strings.
  let req = client.api(step.method, path);
  for (const [name, value] of Object.entries(params)) req = req.field(name, typeof value === 'string' ? value : JSON.stringify(value));
  const res = await req.attach(file.field, file.content, file.name);
  const contentType = String(res.headers['content-type'] ?? '');
  return { status: res.status, contentType, body: contentType.startsWith('application/json') ? res.body : res.text };
}

/** Zulip's fixtures, as the webhook cases post them. */
const WEBHOOK_FIXTURES = join(__dirname, '../zulip-webhooks');

/** An incoming webhook as the third party posts it: the raw payload and its headers, the bot's key in the query. */
async function sendPayload(
  client: ApiClient,
  target: Target,
  contract: AnyContract,
  values: Record<string, unknown>,
  payload: NonNullable<Step['payload']>,
): Promise<WireResponse> {
  const body = readFileSync(join(WEBHOOK_FIXTURES, payload.fixture), 'utf8');
  const hook = new ChatClient({
    transport: supertestTransport(target),
    credentials: client.typed.credentials,
    headers: () => payload.headers ?? {},
  });
  return hook.request(contract, values, { body, contentType: 'application/json' });
}

function emailOf(actor: Actor): string {
  return DEV_USERS[actor] ?? actor;
}

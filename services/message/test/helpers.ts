/** Shared set-up for the message service's tests: a seeded database, the app, and shortcuts. */
import request from 'supertest';
import Ajv from 'ajv';
import type { Express } from 'express';
import { encodeParam } from '@chat/contracts';
import { createRecipient, RECIPIENT_STREAM, type Database } from '@chat/db';
import { EVENT_SCHEMAS, finalizeMessage, type GenericEvent, type MessageNotice, type Notice } from '@chat/events';
import {
  devRealmId,
  headersFor,
  inThreadRenderer,
  lastOutboxId,
  outboxNotices,
  seededDatabase,
  testConfig,
  testLogger,
} from '@chat/testing';
import type { Config } from '@chat/config';
import { buildApp, type MessageDeps } from '../src/app';

const ajv = new Ajv({ strict: false, allErrors: true });

/** Fails when an event does not match its type's schema (or the type has none). */
export function expectValidEvent(event: GenericEvent): void {
  const schema = EVENT_SCHEMAS[event.type];
  if (!schema) throw new Error(`no schema for event type ${event.type}`);
  const validate = ajv.compile(schema);
  if (!validate(event)) throw new Error(`${JSON.stringify(event)} does not match: ${ajv.errorsText(validate.errors)}`);
}

/** The message event a queue of `userId` would hold (as the event-queue service builds it). */
export function messageEventFor(notice: MessageNotice, userId: number, applyMarkdown = true): GenericEvent {
  const flags = notice.users.find((u) => u.id === userId)?.flags ?? [];
  return {
    type: 'message',
    message: finalizeMessage(notice.message, { applyMarkdown, clientGravatar: false, allowEmptyTopicName: true }),
    flags,
    id: 0,
  };
}

/** The client capability each event notice is for (undefined: every queue), in notice order. */
export function audiencesOf(notices: Notice[]): unknown[] {
  return notices.flatMap((n) => (n.kind === 'event' ? [n.audience] : []));
}

/** The client events a notice carries (with the id a queue adds), as read back: checked by expectValidEvent. */
export function eventsOf(notices: Notice[]): GenericEvent[] {
  return notices.flatMap((n) => (n.kind === 'event' ? [{ ...n.event, id: 0 }] : []));
}

export interface Harness {
  config: Config;
  deps: MessageDeps;
  db: Database;
  app: Express;
  realmId: number;
  headers(email: string): Promise<Record<string, string>>;
  send(email: string, form: Record<string, unknown>, userAgent?: string): Promise<request.Response>;
  get(email: string, path: string, query?: Record<string, unknown>): Promise<request.Response>;
  post(email: string, path: string, form?: Record<string, unknown>): Promise<request.Response>;
  patch(email: string, path: string, form?: Record<string, unknown>): Promise<request.Response>;
  put(email: string, path: string, form?: Record<string, unknown>): Promise<request.Response>;
  del(email: string, path: string, form?: Record<string, unknown>): Promise<request.Response>;
  userId(email: string): Promise<number>;
  /** Notices written by `action`. */
  noticesOf(action: () => Promise<unknown>): Promise<Notice[]>;
  close(): Promise<void>;
}

/** Zulip's encoding: strings as they are, everything else JSON. */
function encode(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeParam(v)]));
}

export async function startHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  const config = testConfig(overrides);
  const db = await seededDatabase(config);
  const deps: MessageDeps = { config, db, logger: testLogger(), renderer: inThreadRenderer() };
  const app = buildApp(deps);
  const realmId = await devRealmId(db);
  const headers = (email: string) => headersFor(db, config, email);
  const h: Harness = {
    config,
    deps,
    db,
    app,
    realmId,
    headers,
    send: async (email, form, userAgent = 'ZulipPython/0.6') =>
      request(app)
        .post('/api/v1/messages')
        .set(await headers(email))
        .set('User-Agent', userAgent)
        .type('form')
        .send(encode(form)),
    get: async (email, path, query = {}) =>
      request(app)
        .get(`/api/v1${path}`)
        .query(encode(query))
        .set(await headers(email)),
    post: async (email, path, form = {}) =>
      request(app)
        .post(`/api/v1${path}`)
        .set(await headers(email))
        .type('form')
        .send(encode(form)),
    patch: async (email, path, form = {}) =>
      request(app)
        .patch(`/api/v1${path}`)
        .set(await headers(email))
        .type('form')
        .send(encode(form)),
    put: async (email, path, form = {}) =>
      request(app)
        .put(`/api/v1${path}`)
        .set(await headers(email))
        .type('form')
        .send(encode(form)),
    del: async (email, path, form = {}) =>
      request(app)
        .delete(`/api/v1${path}`)
        .set(await headers(email))
        .type('form')
        .send(encode(form)),
    userId: async (email) => {
      const row = await db.knex('users').whereRaw('lower(email) = lower(?)', [email]).first('id');
      return (row as { id: number }).id;
    },
    noticesOf: async (action) => {
      const mark = await lastOutboxId(db.knex);
      await action();
      return outboxNotices(db.knex, mark);
    },
    close: () => db.close(),
  };
  return h;
}

/** A stream made directly in the database (the subscription service's job in production). */
export async function createStream(
  h: Harness,
  name: string,
  options: { inviteOnly?: boolean; historyPublic?: boolean; announcementOnly?: boolean; subscribers?: string[] } = {},
): Promise<{ id: number; recipientId: number }> {
  const [row] = await h.db
    .knex('streams')
    .insert({
      realm_id: h.realmId,
      name,
      invite_only: options.inviteOnly ?? false,
      history_public_to_subscribers: options.historyPublic ?? !options.inviteOnly,
      is_announcement_only: options.announcementOnly ?? false,
      email_token: `token-${name}`,
    })
    .returning('id');
  const id = (row as { id: number }).id;
  const recipientId = await createRecipient(h.db.knex, RECIPIENT_STREAM, id);
  await h.db.knex('streams').where({ id }).update({ recipient_id: recipientId });
  for (const email of options.subscribers ?? []) await subscribe(h, email, id);
  return { id, recipientId };
}

export async function subscribe(h: Harness, email: string, streamId: number): Promise<void> {
  await h.db.knex('subscriptions').insert({ user_id: await h.userId(email), stream_id: streamId });
}

/** Sends and returns the new id, failing loudly when the send did not succeed. */
export async function sendOk(h: Harness, email: string, form: Record<string, unknown>, userAgent?: string): Promise<number> {
  const res = await h.send(email, form, userAgent);
  if (res.status !== 200) throw new Error(`send failed: ${res.status} ${res.text}`);
  return res.body.id as number;
}

export async function fetchIds(h: Harness, email: string, narrow: unknown[], extra: Record<string, unknown> = {}): Promise<number[]> {
  const res = await h.get(email, '/messages', { anchor: 0, num_before: 0, num_after: 1000, narrow, ...extra });
  if (res.status !== 200) throw new Error(`fetch failed: ${res.status} ${res.text}`);
  return (res.body.messages as { id: number }[]).map((m) => m.id);
}

export { devRealmId };

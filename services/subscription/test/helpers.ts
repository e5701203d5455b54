/**
 * Test scaffolding for the subscription service: the app over a seeded in-memory database, a
 * recording stand-in for the message service's internal API, per-user request helpers with
 * Zulip's encoding, and the events a step wrote, each checked against its JSON schema.
 */
import { followUps, type BotMessageRequest } from '@chat/contracts';
import request from 'supertest';
import Ajv from 'ajv';
import type { Express } from 'express';
import { encodeParam } from '@chat/contracts';
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import { EVENT_SCHEMAS, type EventOf, type EventType, type GenericEvent, type UserEventNotice } from '@chat/events';
import {
  devRealmId,
  headersFor,
  inThreadRenderer,
  lastOutboxId,
  outboxNotices,
  RecordingInternalClient,
  requestedFollowUps,
  seededDatabase,
  testConfig,
  testLogger,
  type RecordedCall,
} from '@chat/testing';
import { buildApp } from '../src/app';

export interface Harness {
  config: Config;
  db: Database;
  app: Express;
  realmId: number;
  /** Calls made to other services' internal APIs, in order. */
  calls: RecordedCall[];
  /** Marks the job requests; `botMessages(mark)` then returns the Notification Bot posts requested after it. */
  jobMark(): Promise<number>;
  botMessages(since: number): Promise<(BotMessageRequest & { realmId: number })[]>;
  as(email: string): UserClient;
  userId(email: string): Promise<number>;
  streamId(name: string): Promise<number>;
  /** Marks the outbox; `events(mark)` then returns what was written after it. */
  mark(): Promise<number>;
  events(since: number): Promise<UserEventNotice[]>;
  close(): Promise<void>;
}

export interface UserClient {
  get(path: string, query?: Record<string, unknown>): Promise<request.Response>;
  post(path: string, form?: Record<string, unknown>): Promise<request.Response>;
  patch(path: string, form?: Record<string, unknown>): Promise<request.Response>;
  delete(path: string, form?: Record<string, unknown>): Promise<request.Response>;
}

/** Zulip's encoding: strings as they are, anything else as JSON. */
export function encode(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeParam(v)]));
}

const ajv = new Ajv({ strict: false, allErrors: true });

/** Fails the test when an event does not match its type's schema (or its type has none). */
export function expectValidEvent(event: GenericEvent): void {
  const schema = EVENT_SCHEMAS[event.type];
  if (!schema) throw new Error(`no schema for event type ${event.type}`);
  const validate = ajv.compile(schema);
  if (!validate(event)) throw new Error(`${JSON.stringify(event)} does not match: ${ajv.errorsText(validate.errors)}`);
}

export async function startHarness(): Promise<Harness> {
  const config = testConfig();
  const db = await seededDatabase(config);
  const internal = new RecordingInternalClient();
  const app = buildApp({ config, db, logger: testLogger(), internal, renderer: inThreadRenderer() });
  const realmId = await devRealmId(db);
  const client = (email: string): UserClient => ({
    get: async (path, query = {}) =>
      request(app)
        .get(`/api/v1${path}`)
        .query(encode(query))
        .set(await headersFor(db, config, email)),
    post: async (path, form = {}) =>
      request(app)
        .post(`/api/v1${path}`)
        .set(await headersFor(db, config, email))
        .type('form')
        .send(encode(form)),
    patch: async (path, form = {}) =>
      request(app)
        .patch(`/api/v1${path}`)
        .set(await headersFor(db, config, email))
        .type('form')
        .send(encode(form)),
    delete: async (path, form = {}) =>
      request(app)
        .delete(`/api/v1${path}`)
        .set(await headersFor(db, config, email))
        .type('form')
        .send(encode(form)),
  });
  return {
    config,
    db,
    app,
    realmId,
    calls: internal.calls,
    as: client,
    async userId(email) {
      const row = await db.knex('users').whereRaw('lower(email) = lower(?)', [email]).first('id');
      return (row as { id: number }).id;
    },
    async streamId(name) {
      const row = await db.knex('streams').where({ name }).first('id');
      return (row as { id: number }).id;
    },
    mark: () => lastOutboxId(db.knex),
    async jobMark() {
      const row = await db.knex('job_requests').max({ id: 'id' }).first();
      return Number(row?.id ?? 0);
    },
    async botMessages(since) {
      const requested = await requestedFollowUps(db, followUps.postBotMessage, since);
      return requested.map(({ realmId, message }) => ({ realmId, ...message }));
    },
    async events(since) {
      const notices = (await outboxNotices(db.knex, since)).filter((n): n is UserEventNotice => n.kind === 'event');
      for (const notice of notices) expectValidEvent(notice.event);
      return notices;
    },
    close: () => db.close(),
  };
}

/** A notice whose event is of type T (and op Op, when one is given). */
type NoticeOf<T extends EventType, Op extends string> = UserEventNotice & {
  event: [Op] extends [never] ? EventOf<T> : Extract<EventOf<T>, { op: Op }>;
};

/** The notices of one event type (and op), for checking who received them. */
export function ofType<T extends EventType, Op extends string = never>(notices: UserEventNotice[], type: T, op?: Op): NoticeOf<T, Op>[] {
  return notices.filter((n): n is NoticeOf<T, Op> => n.event.type === type && (op === undefined || ('op' in n.event && n.event.op === op)));
}

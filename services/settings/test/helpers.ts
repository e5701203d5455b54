import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { Express } from 'express';
import { createApiKeyCipher, getUserByEmail, type Database, type UserRow } from '@chat/db';
import { EVENT_SCHEMAS, type GenericEvent, type UserEventNotice } from '@chat/events';
import {
  devRealmId,
  headersFor,
  lastOutboxId,
  outboxNotices,
  RecordingInternalClient,
  seededDatabase,
  testConfig,
  testLogger,
  type RecordedCall,
} from '@chat/testing';
import type { Config } from '@chat/config';
import { buildApp, type SettingsDeps } from '../src/app';
import { bcryptHasher } from '../src/adapters/passwords';
import { localDirectoryStore } from '@chat/storage';

export interface Harness {
  config: Config;
  db: Database;
  app: Express;
  deps: SettingsDeps;
  realmId: number;
  /** Calls made to other services' internal APIs. */
  internalCalls: RecordedCall[];
  headers(email: string): Promise<Record<string, string>>;
  user(email: string): Promise<UserRow>;
  close(): Promise<void>;
}

/** A seeded in-memory database and the settings app; bcrypt at its cheapest so tests stay fast. */
export async function startSettings(overrides: Partial<SettingsDeps> = {}): Promise<Harness> {
  const config = testConfig({ dataDir: mkdtempSync(join(tmpdir(), 'settings-test-')) });
  const db = await seededDatabase(config);
  const internal = new RecordingInternalClient();
  const deps: SettingsDeps = {
    config,
    db,
    cipher: createApiKeyCipher(config.apiKeySecret),
    logger: testLogger(),
    internal,
    passwords: bcryptHasher(4),
    files: localDirectoryStore(join(config.dataDir, 'uploads')),
    ...overrides,
  };
  const realmId = await devRealmId(db);
  return {
    config,
    db,
    app: buildApp(deps),
    deps,
    realmId,
    internalCalls: internal.calls,
    headers: (email) => headersFor(db, config, email),
    user: async (email) => (await getUserByEmail(db.knex, realmId, email))!,
    close: () => db.close(),
  };
}

const ajv = new Ajv({ strict: false, allErrors: true });

/** Asserts `event` matches its type's schema in libs/events, with the validator's complaint. */
export function expectValidEvent(event: GenericEvent): void {
  const schema = EVENT_SCHEMAS[event.type];
  if (!schema) throw new Error(`no schema for event type ${event.type}`);
  const validate = ajv.compile(schema);
  if (!validate(event)) throw new Error(`${JSON.stringify(event)}\n${ajv.errorsText(validate.errors)}`);
}

/** A notice whose event a test reads field by field, after expectValidEvent checked it. */
export type CheckedNotice = Omit<UserEventNotice, 'event'> & { event: GenericEvent };

/** Runs `action` and returns the user events it wrote to the outbox, each checked against its schema. */
export async function eventsOf(db: Database, action: () => Promise<unknown>): Promise<CheckedNotice[]> {
  const mark = await lastOutboxId(db.knex);
  await action();
  const notices = (await outboxNotices(db.knex, mark)).filter((n): n is UserEventNotice => n.kind === 'event');
  for (const n of notices) expectValidEvent(n.event);
  return notices;
}

/** A 1x1 PNG. */
export { TINY_PNG as PNG } from '@chat/testing';

/**
 * The webhook service under test: its app on a seeded database, with an internal client that
 * records what would be posted and answers as the message service does for a stream that does
 * not exist (the real message service is exercised in test/webhooks.e2e.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { getStreamByName, type Database } from '@chat/db';
import { streamDoesNotExist } from '@chat/errors';
import { headersFor, RecordingInternalClient, seededDatabase, testConfig, testLogger, type RecordedCall } from '@chat/testing';
import { buildApp } from '../src/app';

export const BOT = 'webhook-bot@zulip.com';
export const OWNER = 'ZOE@zulip.com';

/** Zulip's fixtures, as test/zulip-webhook-fixtures.e2e.test.ts posts them (test/zulip-webhooks). */
export const ZULIP_CASES = join(__dirname, '..', '..', '..', 'test', 'zulip-webhooks');

/** One of Zulip's fixtures for an integration (its directory there), as text. */
export function fixture(integration: string, name: string): string {
  return readFileSync(join(ZULIP_CASES, integration, 'fixtures', name), 'utf8');
}

/** Records the posts; answers as the message service does for a stream that does not exist. */
export class RecordingInternal extends RecordingInternalClient {
  /** Set to make the next calls fail as this function says (e.g. private messages not supported). */
  failWith: ((call: RecordedCall) => Error | undefined) | undefined;

  constructor(private readonly db: () => Database) {
    super();
  }

  protected override async answer(call: RecordedCall): Promise<Record<string, unknown>> {
    const failure = this.failWith?.(call);
    if (failure) throw failure;
    if (call.params.type === 'stream') {
      const name = (call.params.to as string[])[0]!;
      if (!(await getStreamByName(this.db().knex, call.options.realmId!, name))) throw streamDoesNotExist(name);
    }
    return { id: this.calls.length + 1 };
  }
}

export interface WebhookHarness {
  app: Express;
  db: Database;
  internal: RecordingInternal;
  botHeaders: Record<string, string>;
  post(path: string, body: string, contentType?: string, headers?: Record<string, string>): request.Test;
  close(): Promise<void>;
}

export async function webhookHarness(): Promise<WebhookHarness> {
  const config = testConfig();
  const db = await seededDatabase(config);
  const internal = new RecordingInternal(() => db);
  const app = buildApp({ config, db, logger: testLogger(), internal });
  const botHeaders = await headersFor(db, config, BOT);
  return {
    app,
    db,
    internal,
    botHeaders,
    // Zulip's own webhook tests post the fixtures form-encoded; the body must be read raw anyway.
    post: (path, body, contentType = 'application/x-www-form-urlencoded', headers = {}) =>
      request(app).post(`/api/v1${path}`).set(botHeaders).set(headers).set('Content-Type', contentType).send(body),
    close: () => db.close(),
  };
}

/** Posts a fixture to `integration` with stream=Denmark; the response and what was posted. */
export async function postFixture(
  h: WebhookHarness,
  integration: string,
  name: string,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): Promise<{ status: number; body: Record<string, unknown>; posted: { topic: unknown; content: unknown }[] }> {
  h.internal.calls = [];
  const res = await h.post(`/external/${integration}?stream=Denmark`, fixture(integration, name), contentType, headers);
  return {
    status: res.status,
    body: res.body as Record<string, unknown>,
    posted: h.internal.posted().map((p) => ({ topic: p.topic, content: p.content })),
  };
}

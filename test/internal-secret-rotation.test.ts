/**
 * Rotating INTERNAL_SECRET without downtime (docs/security.md): a service configured with
 * INTERNAL_SECRET=new and INTERNAL_SECRET_PREVIOUS=old believes identity headers signed with
 * either, so gateways and services that still sign with the old secret keep working while the
 * rollout replaces them; without the previous secret, or with any other secret, a header proves
 * nothing and a user endpoint answers as to an anonymous caller.
 */
import request from 'supertest';
import { acceptedInternalSecrets, loadConfig, ConfigError } from '@chat/config';
import type { Database } from '@chat/db';
import { buildApp as buildEventQueue, LocalPolls, withPlainEvents } from '@chat/event-queue-service';
import { plainEventsHandler } from '@chat/event-queue-service';
import { identityHeaders, verifyIdentityHeaders, type UserIdentity } from '@chat/http';
import { buildApp as buildMessage } from '@chat/message-service';
import { MemoryQueueStore } from '@chat/queue-store';
import { headersFor, inThreadRenderer, seededDatabase, testConfig, testLogger } from '@chat/testing';

const OLD = 'old-internal-secret-0123456789abcdef-0123';
const NEW = 'new-internal-secret-0123456789abcdef-0123';
const OTHER = 'some-other-secret-0123456789abcdef-01234';

jest.setTimeout(30_000);

describe('verifyIdentityHeaders with two secrets', () => {
  const user: UserIdentity = {
    kind: 'user',
    userId: 1,
    realmId: 1,
    email: 'a@example.com',
    fullName: 'A',
    isAdmin: false,
    isModerator: false,
    isGuest: false,
    isBot: false,
    botType: null,
  };
  const verify = (signedWith: string, accepted: string | string[]) => {
    const headers = identityHeaders(user, signedWith);
    return verifyIdentityHeaders(headers['x-chat-identity'], headers['x-chat-signature'], accepted);
  };

  it('believes the current and the previous secret, nothing else', () => {
    expect(verify(NEW, [NEW, OLD])).toEqual(user);
    expect(verify(OLD, [NEW, OLD])).toEqual(user);
    expect(verify(OTHER, [NEW, OLD])).toBeNull();
    expect(verify(OLD, NEW)).toBeNull();
    expect(verify(OLD, [NEW])).toBeNull();
  });
});

describe('INTERNAL_SECRET_PREVIOUS', () => {
  it('is read from the environment and checked like the secret itself in production', () => {
    const base = { CHAT_ENV: 'production', INTERNAL_SECRET: NEW, API_KEY_SECRET: NEW };
    expect(acceptedInternalSecrets(loadConfig(base))).toEqual([NEW]);
    expect(acceptedInternalSecrets(loadConfig({ ...base, INTERNAL_SECRET_PREVIOUS: OLD }))).toEqual([NEW, OLD]);
    expect(() => loadConfig({ ...base, INTERNAL_SECRET_PREVIOUS: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, INTERNAL_SECRET_PREVIOUS: 'short' })).toThrow(/INTERNAL_SECRET_PREVIOUS/);
  });
});

describe('services during a rotation', () => {
  let db: Database;
  beforeAll(async () => {
    db = await seededDatabase(testConfig());
  });
  afterAll(() => db.close());

  const services = (previous: string) => {
    const config = testConfig({ internalSecret: NEW, internalSecretPrevious: previous });
    const logger = testLogger();
    const eventQueueDeps = { config, db, store: new MemoryQueueStore(), logger, polls: new LocalPolls() };
    const eventQueue = buildEventQueue(eventQueueDeps);
    return {
      message: buildMessage({ config, db, logger, renderer: inThreadRenderer() }),
      eventQueue,
      // A replica serves steady-state polls outside express (plain-events.ts): it checks signatures too.
      replica: withPlainEvents(plainEventsHandler(eventQueueDeps), eventQueue),
    };
  };
  const signedBy = (secret: string) => headersFor(db, testConfig({ internalSecret: secret }), 'hamlet@zulip.com');

  it('serves callers signing with the new or the previous secret', async () => {
    const { message, replica } = services(OLD);
    for (const secret of [NEW, OLD]) {
      const filters = await request(message)
        .get('/api/v1/realm/filters')
        .set(await signedBy(secret));
      expect(filters.body).toEqual({ result: 'success', msg: '', filters: [] });
      const registered = await request(replica)
        .post('/api/v1/register')
        .set(await signedBy(secret))
        .type('form')
        .send({ event_types: '["message"]' });
      expect(registered.status).toBe(200);
      const poll = { queue_id: registered.body.queue_id, last_event_id: -1, dont_block: true };
      expect(
        (
          await request(replica)
            .get('/api/v1/events')
            .set(await signedBy(secret))
            .query(poll)
        ).body,
      ).toMatchObject({ result: 'success', events: [] });
    }
  });

  it('refuses the old secret once the previous one is gone, and any other secret always', async () => {
    const { message, replica } = services('');
    for (const secret of [OLD, OTHER]) {
      const res = await request(message)
        .get('/api/v1/realm/filters')
        .set(await signedBy(secret));
      expect(res.status).toBe(401);
      const poll = await request(replica)
        .get('/api/v1/events')
        .set(await signedBy(secret))
        .query({ queue_id: '1:1', last_event_id: -1, dont_block: true });
      expect(poll.status).toBe(401);
    }
    const { message: rotating } = services(OLD);
    expect(
      (
        await request(rotating)
          .get('/api/v1/realm/filters')
          .set(await signedBy(OTHER))
      ).status,
    ).toBe(401);
  });
});

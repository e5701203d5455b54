/**
 * The realm-wide state cache and the register slots on their own, and the version writeNotices
 * bumps: one build per piece and version, a new build for a new version, a failed build that
 * poisons nothing; at most N registrations at once, the rest served in order, none refused.
 */
import type { Database } from '@chat/db';
import { writeNotices } from '@chat/db';
import { NOTICE_VERSION, type ClientEvent, type Notice } from '@chat/events';
import { seededDatabase, testConfig } from '@chat/testing';
import { RegisterSlots } from '../src/lib/register-slots';
import { readRealmStateVersion, RealmStateCache } from '../src/queries/state/realm-cache';

const version = (v: number, rootRealmId: number | null = 1) => ({ realmId: 1, version: v, rootRealmId });

describe('RealmStateCache', () => {
  it('builds a piece once per version, also for registers arriving together', async () => {
    const cache = new RealmStateCache();
    let builds = 0;
    const build = async () => ({ name: `built ${++builds}` });
    const together = await Promise.all(Array.from({ length: 50 }, () => cache.forVersion(version(3)).get('realm', build)));
    expect(new Set(together.map((v) => v.name))).toEqual(new Set(['built 1']));
    expect(await cache.forVersion(version(3)).get('realm', build)).toEqual({ name: 'built 1' });
    expect(cache.stats).toEqual({ hits: 50, misses: 1 });
  });

  it('builds again for another version or another number of realms', async () => {
    const cache = new RealmStateCache();
    let builds = 0;
    const build = async () => ++builds;
    expect(await cache.forVersion(version(3)).get('realm', build)).toBe(1);
    expect(await cache.forVersion(version(4)).get('realm', build)).toBe(2);
    expect(await cache.forVersion(version(4, 2)).get('realm', build)).toBe(3);
    expect(await cache.forVersion(version(4, 2)).get('realm', build)).toBe(3);
  });

  it('keeps pieces apart and never caches a failed build', async () => {
    const cache = new RealmStateCache();
    const pieces = cache.forVersion(version(1));
    await expect(pieces.get('realm_emoji', () => Promise.reject(new Error('transaction aborted')))).rejects.toThrow('transaction aborted');
    expect(await pieces.get('realm_emoji', async () => ({ emoji: true }))).toEqual({ emoji: true });
    expect(await pieces.get('realm_users:true', async () => 'gravatar')).toBe('gravatar');
    expect(await pieces.get('realm_users:false', async () => 'no gravatar')).toBe('no gravatar');
  });

  it('freezes what it shares between responses', async () => {
    const cache = new RealmStateCache();
    const value = await cache.forVersion(version(1)).get('realm', async () => ({ nested: { list: [1] } }));
    expect(() => value.nested.list.push(2)).toThrow(TypeError);
  });
});

describe('RegisterSlots', () => {
  it('runs at most the limit at once and the rest in order, refusing none', async () => {
    const slots = new RegisterSlots(3);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const runs = Array.from({ length: 10 }, (_, i) =>
      slots.run(async () => {
        active++;
        peak = Math.max(peak, active);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect({ active, queued: slots.queued }).toEqual({ active: 3, queued: 7 });
    while (releases.length > 0 || order.length < 10) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(runs)).toEqual([...Array(10).keys()]);
    expect({ peak, order }).toEqual({ peak: 3, order: [...Array(10).keys()] });
  });

  it('frees the slot of a registration that failed', async () => {
    const slots = new RegisterSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});

describe('realm state version', () => {
  let db: Database;
  beforeAll(async () => {
    db = await seededDatabase(testConfig());
  });
  afterAll(() => db.close());

  const person = { user_id: 1, email: 'iago@zulip.com' };
  const sample = {
    pointer: { type: 'pointer', pointer: 1 },
    presence: {
      type: 'presence',
      user_id: person.user_id,
      email: person.email,
      server_timestamp: 0,
      presence: { website: { client: 'website', status: 'active', timestamp: 0, pushable: false } },
    },
    typing: { type: 'typing', op: 'start', message_type: 'direct', sender: person, recipients: [person] },
    realm_user: { type: 'realm_user', op: 'update', person: { user_id: 1, full_name: 'Iago' } },
    stream: { type: 'stream', op: 'vacate', streams: [] },
    realm_emoji: { type: 'realm_emoji', op: 'update', realm_emoji: {} },
  } satisfies Record<string, ClientEvent>;
  const event = (type: keyof typeof sample): Notice => ({ v: NOTICE_VERSION, kind: 'event', realmId: 1, event: sample[type], userIds: [] });
  const current = async () => (await readRealmStateVersion(db.knex, 1)).version;

  it('moves with realm-wide events in their transaction, and only with them', async () => {
    const start = await current();
    await db.knex.transaction((trx) => writeNotices(trx, [event('pointer'), event('presence'), event('typing')]));
    expect(await current()).toBe(start);
    await db.knex.transaction((trx) => writeNotices(trx, [event('realm_user'), event('stream')]));
    expect(await current()).toBe(start + 1);
    await db.knex
      .transaction(async (trx) => {
        await writeNotices(trx, [event('realm_emoji')]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await current()).toBe(start + 1);
    expect((await readRealmStateVersion(db.knex, 1)).rootRealmId).toBe(1);
  });
});

/**
 * The Web Push sender's outbound rules, at a local push service: an endpoint on an address the
 * operator has not opened is never called (the address guard), one that is opened gets the push,
 * and a failure is counted for a retry without forgetting the subscription.
 */
import type { Database } from '@chat/db';
import { addressPolicy } from '@chat/outbound';
import { generateVapidKeys } from '@chat/runtime';
import {
  browserKeys,
  decryptPush,
  seededDatabase,
  startLocalPushService,
  testConfig,
  testLogger,
  type LocalPushService,
} from '@chat/testing';
import { sendWebPush, type WebPushDeps } from '../src/web-push';

let db: Database;
let pushService: LocalPushService;
let userId: number;
const keys = browserKeys();
const forgotten: string[] = [];

function deps(allowedNetworks: string[]): WebPushDeps {
  return {
    db: db.knex,
    logger: testLogger(),
    vapid: { ...generateVapidKeys(), subject: 'mailto:operator@example.net' },
    policy: addressPolicy({ allowPrivate: false, allowedNetworks }),
    timeoutMs: 5000,
    ca: pushService.ca,
    forget: async (endpoint) => {
      forgotten.push(endpoint);
    },
  };
}

beforeAll(async () => {
  db = await seededDatabase(testConfig());
  pushService = await startLocalPushService();
  const user: { id: number } = await db.knex('users').where({ email: 'hamlet@zulip.com' }).first('id');
  userId = user.id;
  await db
    .knex('web_push_subscriptions')
    .insert({ user_id: userId, endpoint: `${pushService.origin}/guarded`, p256dh: keys.p256dh, auth: keys.authText });
});
afterAll(async () => {
  await pushService.close();
  await db.close();
});

it('refuses an endpoint on the loopback unless the operator opened it', async () => {
  expect(await sendWebPush(deps([]), userId, { kind: 'remove', message_ids: [1] })).toEqual({ sent: 0, gone: 0, failed: 1 });
  expect(pushService.received).toHaveLength(0);
  expect(forgotten).toEqual([]);
});

it('pushes once the address is opened', async () => {
  expect(await sendWebPush(deps(['127.0.0.1']), userId, { kind: 'remove', message_ids: [2] })).toEqual({ sent: 1, gone: 0, failed: 0 });
  expect(JSON.parse(decryptPush(keys, pushService.received[0]!.body))).toEqual({ kind: 'remove', message_ids: [2] });
});

it('keeps the subscription when the push service fails for a while', async () => {
  pushService.statusFor.set('/guarded', 503);
  expect(await sendWebPush(deps(['127.0.0.1']), userId, { kind: 'remove', message_ids: [3] })).toEqual({ sent: 0, gone: 0, failed: 1 });
  expect(forgotten).toEqual([]);
});

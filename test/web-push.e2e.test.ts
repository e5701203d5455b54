/**
 * Web Push in both topologies, against a local push service (@chat/testing's web-push.ts): a browser's
 * subscription is registered through the API (https only), the message service's job pushes a
 * message to it, and the test decrypts what arrived (RFC 8291) and checks the VAPID signature
 * (RFC 8292); a subscription its push service answers 410 for is forgotten; read messages'
 * notifications are closed. A real browser push service cannot be reached from here: the local
 * one stands in for it.
 */
import type { Config } from '@chat/config';
import { generateVapidKeys } from '@chat/runtime';
import { ApiClient, browserKeys, decryptPush, startLocalPushService, vapidClaims, waitFor, type LocalPushService } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(120_000);

const vapid = generateVapidKeys();
const overrides: Partial<Config> = {
  webPushVapidPublicKey: vapid.publicKey,
  webPushVapidPrivateKey: vapid.privateKey,
  webPushVapidSubject: 'mailto:operator@example.net',
  // The local push service is on the loopback, which the address guard refuses unless opened.
  outgoingWebhookAllowedNetworks: ['127.0.0.1'],
};
let pushService: LocalPushService;

beforeAll(async () => {
  pushService = await startLocalPushService();
  overrides.webPushCaFile = pushService.caFile;
});
afterAll(async () => {
  await pushService.close();
});

describeBothTopologies(
  'Web Push',
  (env) => {
    let hamlet: ApiClient;
    let othello: ApiClient;
    let hamletId: number;
    const keys = browserKeys();
    const subscribe = (client: ApiClient, endpoint: string) =>
      client.post('/users/me/web_push_subscriptions', { endpoint, p256dh: keys.p256dh, auth: keys.authText });
    const pushesTo = (path: string) => pushService.received.filter((r) => r.path === path);

    beforeAll(async () => {
      hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
      othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
      const me = await hamlet.get('/users/me');
      hamletId = me.body.user_id as number;
    });

    it('tells clients the VAPID public key in /server_settings', async () => {
      const res = await hamlet.get('/server_settings');
      expect(res.body.web_push_vapid_public_key).toBe(vapid.publicKey);
    });

    it('accepts only https endpoints and well-formed keys', async () => {
      const plain = await subscribe(hamlet, 'http://127.0.0.1:1/push');
      expect(plain.status).toBe(400);
      expect(plain.body).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid Web Push endpoint: only https URLs are accepted',
      });
      const badKey = await hamlet.post('/users/me/web_push_subscriptions', {
        endpoint: `${pushService.origin}/x`,
        p256dh: 'abc',
        auth: keys.authText,
      });
      expect(badKey.status).toBe(400);
      expect(badKey.body.msg).toBe('Invalid Web Push key: p256dh');
    });

    it("pushes a message, encrypted for the browser and signed with the server's VAPID key", async () => {
      const path = `/push/${env().name}`;
      expect((await subscribe(hamlet, `${pushService.origin}${path}`)).status).toBe(200);
      const sent = await othello.post('/messages', {
        type: 'private',
        to: JSON.stringify(['hamlet@zulip.com']),
        content: `**Hello** ${env().name} & you`,
      });
      expect(sent.status).toBe(200);
      const messageId = sent.body.id as number;
      // Hamlet has no event queue open: the notification decision pushes at once.
      await waitFor(() => pushesTo(path).length > 0, 20_000);
      const [push] = pushesTo(path);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
      const claims = vapidClaims(String(push!.headers.authorization), vapid.publicKey);
      expect(claims.aud).toBe(pushService.origin);
      expect(claims.sub).toBe('mailto:operator@example.net');
      expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
      expect(Number(claims.exp)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 60 * 60);
      const payload = JSON.parse(decryptPush(keys, push!.body)) as Record<string, unknown>;
      expect(payload).toMatchObject({
        kind: 'message',
        message_id: messageId,
        sender: { full_name: 'Othello, the Moor of Venice' },
        conversation: { type: 'private', recipients: [{ full_name: 'Othello, the Moor of Venice' }] },
        text: `Hello ${env().name} & you`,
      });
      expect(String(payload.url)).toMatch(/\/#narrow\/pm-with\/\d+-pm\/near\/\d+$/);

      // Read elsewhere: the browsers are told to close its notification, once.
      const read = await hamlet.post('/messages/flags', { messages: JSON.stringify([messageId]), op: 'add', flag: 'read' });
      expect(read.status).toBe(200);
      await waitFor(() => pushesTo(path).length > 1, 20_000);
      expect(pushesTo(path)).toHaveLength(2);
      expect(JSON.parse(decryptPush(keys, pushesTo(path)[1]!.body))).toEqual({ kind: 'remove', message_ids: [messageId] });
      const again = await hamlet.post('/messages/flags', { messages: JSON.stringify([messageId]), op: 'add', flag: 'read' });
      expect(again.status).toBe(200);
      expect(await env().db.knex('web_push_shown').where({ user_id: hamletId })).toEqual([]);
      expect((await hamlet.delete('/users/me/web_push_subscriptions', { endpoint: `${pushService.origin}${path}` })).status).toBe(200);
    });

    it('forgets a subscription its push service says is gone', async () => {
      const path = `/gone/${env().name}`;
      pushService.statusFor.set(path, 410);
      expect((await subscribe(hamlet, `${pushService.origin}${path}`)).status).toBe(200);
      const sent = await othello.post('/messages', { type: 'private', to: JSON.stringify(['hamlet@zulip.com']), content: 'still there?' });
      expect(sent.status).toBe(200);
      const endpoint = `${pushService.origin}${path}`;
      await waitFor(async () => (await env().db.knex('web_push_subscriptions').where({ endpoint })).length === 0, 20_000);
      expect(pushesTo(path)).toHaveLength(1);
    });

    it('pushes nothing to a person with an event queue open until it is collected, nor for a stream message without a mention', async () => {
      const path = `/queued/${env().name}`;
      expect((await subscribe(hamlet, `${pushService.origin}${path}`)).status).toBe(200);
      const queue = await hamlet.post('/register', { event_types: JSON.stringify(['message']) });
      expect(queue.status).toBe(200);
      const quiet = await othello.post('/messages', { type: 'stream', to: 'Denmark', topic: 'web push', content: 'no mention here' });
      const direct = await othello.post('/messages', {
        type: 'private',
        to: JSON.stringify(['hamlet@zulip.com']),
        content: 'while you are here',
      });
      expect([quiet.status, direct.status]).toEqual([200, 200]);
      // The queue takes the message: nothing goes out while it lives.
      const takes = (e: { type?: string; message?: { id?: number } }) => e.type === 'message' && e.message?.id === direct.body.id;
      await hamlet.events(queue.body.queue_id as string, 1, takes);
      expect(pushesTo(path)).toHaveLength(0);
      // Its owner goes away: the queue is deleted and the still-unread direct message is pushed.
      expect((await hamlet.delete('/events', { queue_id: queue.body.queue_id as string })).status).toBe(200);
      await waitFor(() => pushesTo(path).length > 0, 20_000);
      expect(pushesTo(path)).toHaveLength(1);
      expect(JSON.parse(decryptPush(keys, pushesTo(path)[0]!.body))).toMatchObject({ kind: 'message', message_id: direct.body.id });
      expect((await hamlet.delete('/users/me/web_push_subscriptions', { endpoint: `${pushService.origin}${path}` })).status).toBe(200);
    });
  },
  overrides,
);

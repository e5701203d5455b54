/**
 * Mobile push through a push-notification bouncer, in both topologies, against a local bouncer
 * that implements Zulip's endpoints (@chat/testing's startPushBouncer): the app's device tokens
 * forwarded; the notification of each trigger with the payloads the apps parse, field for field;
 * nothing for settings that say no; nothing for a person with an open client until their last
 * queue is collected; the removal once the message is read; and the bouncer's failures retried
 * once at most.
 */
import type { Config } from '@chat/config';
import { ApiClient, startPushBouncer, waitFor, type TestPushBouncer } from '@chat/testing';
import { describeBothTopologies } from './topologies';

const ORG_ID = '6cde5f7a-1f7e-4978-9716-49f69ebfc9fe';
const ORG_KEY = 'k'.repeat(64);

let bouncer: TestPushBouncer;
// Filled once the bouncer listens; each topology's start reads it then.
const overrides: Partial<Config> = { eventQueueGcSecs: 1 };
const redacting: Partial<Config> = {};

beforeAll(async () => {
  bouncer = await startPushBouncer();
  overrides.push = { bouncerUrl: bouncer.url, redactContent: false, orgId: ORG_ID, orgKey: ORG_KEY, allowPrivate: true, retryMs: 50 };
  redacting.push = { ...overrides.push, redactContent: true };
  // The server is registered as `manage register-push-server` registers it (test/push-registration.e2e.test.ts).
  bouncer.servers.set(ORG_ID, { key: ORG_KEY, hostname: 'localhost', contactEmail: 'admin@example.com' });
});
afterAll(() => bouncer.close());

type Payload = Record<string, unknown>;
interface Notify {
  user_id: number;
  gcm_payload: Payload;
  apns_payload: { custom: { zulip: Payload } } & Payload;
  gcm_options: Payload;
  android_devices: string[];
  apple_devices: string[];
}

function notifyCalls(): Notify[] {
  return bouncer.calls.filter((c) => c.endpoint === 'push/notify').map((c) => c.body as unknown as Notify);
}

/** The notify calls about one message (its notification, or a removal naming it). */
function callsFor(messageId: number, event: 'message' | 'remove' = 'message'): Notify[] {
  return notifyCalls().filter((n) =>
    event === 'message'
      ? n.gcm_payload.event === 'message' && n.gcm_payload.zulip_message_id === messageId
      : n.gcm_payload.event === 'remove' && String(n.gcm_payload.zulip_message_ids).split(',').includes(String(messageId)),
  );
}

describeBothTopologies(
  'mobile push through a bouncer',
  (env) => {
    const clients = new Map<string, ApiClient>();
    const ids = new Map<string, number>();
    let realm: { url: string; name: string; id: number };

    const as = (email: string) => clients.get(email)!;
    const id = (email: string) => ids.get(email)!;

    async function registerDevices(email: string, token: string): Promise<void> {
      expect((await as(email).post('/users/me/android_gcm_reg_id', { token: `fcm-${token}` })).status).toBe(200);
      expect((await as(email).post('/users/me/apns_device_token', { token: token, appid: 'org.zulip.Zulip' })).status).toBe(200);
      const prefix = `${ORG_ID}:${id(email)}:`;
      await waitFor(() => bouncer.devices.has(`${prefix}2:fcm-${token}`) && bouncer.devices.has(`${prefix}1:${token}`), 20_000, {
        what: 'the device tokens forwarded to the bouncer',
      });
    }

    async function send(from: string, params: Record<string, unknown>): Promise<number> {
      const res = await as(from).post('/messages', params);
      expect(res.status).toBe(200);
      return res.body.id as number;
    }

    async function pushOf(messageId: number): Promise<Notify> {
      await waitFor(() => callsFor(messageId).length > 0, 20_000, { what: `the push of message ${messageId}` });
      return callsFor(messageId)[0]!;
    }

    /** What every payload for `email` starts with (Zulip's get_base_payload). */
    function base(email: string): Payload {
      return {
        server: env().config.externalHost,
        realm_id: realm.id,
        realm_uri: realm.url,
        realm_url: realm.url,
        realm_name: realm.name,
        user_id: id(email),
      };
    }

    async function senderFields(messageId: number, reader: string) {
      const message = (await as(reader).get(`/messages/${messageId}`)).body.message;
      const avatar = String(message.avatar_url);
      return {
        sender_id: message.sender_id as number,
        sender_email: message.sender_email as string,
        time: message.timestamp as number,
        fullName: message.sender_full_name as string,
        avatar: avatar.startsWith('/') ? `${realm.url}${avatar}` : avatar,
      };
    }

    beforeAll(async () => {
      // Message ids start again in each topology's database: only this run's calls count.
      bouncer.calls.length = 0;
      for (const email of [
        'hamlet@zulip.com',
        'othello@zulip.com',
        'cordelia@zulip.com',
        'iago@zulip.com',
        'prospero@zulip.com',
        'ZOE@zulip.com',
      ]) {
        const client = await new ApiClient(env().target).loginAs(email);
        clients.set(email, client);
        ids.set(email, (await client.get('/users/me')).body.user_id);
      }
      const settings = (await as('hamlet@zulip.com').get('/server_settings')).body;
      const realmId = (
        await env()
          .db.knex('users')
          .where({ id: id('hamlet@zulip.com') })
          .first('realm_id')
      ).realm_id as number;
      realm = { url: settings.realm_url, name: settings.realm_name, id: realmId };
      await registerDevices('othello@zulip.com', 'a1b2c3');
      await registerDevices('cordelia@zulip.com', 'c0de11');
      await registerDevices('prospero@zulip.com', 'f00d22');
      await registerDevices('ZOE@zulip.com', 'beef33');
    });

    it('reports push notifications enabled once registered', async () => {
      await env()
        .db.knex('push_bouncer_registrations')
        .insert({ bouncer_url: bouncer.url, org_id: ORG_ID })
        .onConflict('bouncer_url')
        .ignore();
      expect((await as('hamlet@zulip.com').get('/server_settings')).body.push_notifications_enabled).toBe(true);
      const registered = await as('hamlet@zulip.com').post('/register', { fetch_event_types: JSON.stringify(['realm']) });
      expect(registered.body.realm_push_notifications_enabled).toBe(true);
    });

    it('a private message to someone whose only client is the app: one push, the payloads the apps parse', async () => {
      const messageId = await send('hamlet@zulip.com', {
        type: 'private',
        to: JSON.stringify(['othello@zulip.com']),
        content: 'Where is the **handkerchief**?',
      });
      const push = await pushOf(messageId);
      const sender = await senderFields(messageId, 'othello@zulip.com');
      const fields = {
        ...base('othello@zulip.com'),
        sender_id: sender.sender_id,
        sender_email: sender.sender_email,
        time: sender.time,
        recipient_type: 'private',
      };
      expect(push).toEqual({
        user_id: id('othello@zulip.com'),
        android_devices: ['fcm-a1b2c3'],
        apple_devices: ['a1b2c3'],
        gcm_options: { priority: 'high' },
        gcm_payload: {
          ...fields,
          event: 'message',
          zulip_message_id: messageId,
          content: 'Where is the handkerchief?',
          content_truncated: false,
          sender_full_name: 'King Hamlet',
          sender_avatar_url: sender.avatar,
        },
        apns_payload: {
          alert: { title: 'King Hamlet', subtitle: '', body: 'Where is the handkerchief?' },
          sound: 'default',
          badge: 0,
          custom: { zulip: { ...fields, message_ids: [messageId] } },
        },
      });

      // Read elsewhere: the notification is taken off the devices, once.
      expect(
        (await as('othello@zulip.com').post('/messages/flags', { messages: JSON.stringify([messageId]), op: 'add', flag: 'read' })).status,
      ).toBe(200);
      await waitFor(() => callsFor(messageId, 'remove').length > 0, 20_000, { what: 'the removal' });
      const removal = callsFor(messageId, 'remove')[0]!;
      expect(removal.gcm_payload).toEqual({
        ...base('othello@zulip.com'),
        event: 'remove',
        zulip_message_ids: String(messageId),
        zulip_message_id: messageId,
      });
      expect(removal.gcm_options).toEqual({ priority: 'normal' });
      expect(removal.apns_payload).toEqual({
        badge: 0,
        custom: { zulip: { ...base('othello@zulip.com'), event: 'remove', zulip_message_ids: String(messageId) } },
      });
      expect(callsFor(messageId)).toHaveLength(1);
    });

    it('a group message names its members (pm_users) and titles them', async () => {
      const messageId = await send('hamlet@zulip.com', {
        type: 'private',
        to: JSON.stringify(['othello@zulip.com', 'cordelia@zulip.com']),
        content: 'All of us',
      });
      await waitFor(() => callsFor(messageId).length === 2, 20_000, { what: 'two pushes' });
      const push = callsFor(messageId).find((n) => n.user_id === id('cordelia@zulip.com'))!;
      const members = ['hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com'].map(id).sort((a, b) => a - b);
      expect(push.gcm_payload).toMatchObject({ recipient_type: 'private', pm_users: members.join(',') });
      expect(push.apns_payload).toMatchObject({
        alert: { title: 'Cordelia Lear, King Hamlet, Othello, the Moor of Venice', subtitle: 'King Hamlet:' },
      });
    });

    it('a stream mention: the stream, topic and "mentioned you"', async () => {
      const messageId = await send('iago@zulip.com', {
        type: 'stream',
        to: 'Verona',
        topic: 'plots',
        content: '@**Cordelia Lear** a word',
      });
      const push = await pushOf(messageId);
      const sender = await senderFields(messageId, 'cordelia@zulip.com');
      const fields = {
        ...base('cordelia@zulip.com'),
        sender_id: sender.sender_id,
        sender_email: 'iago@zulip.com',
        time: sender.time,
        recipient_type: 'stream',
        stream: 'Verona',
        stream_id: expect.any(Number),
        topic: 'plots',
      };
      expect(push.gcm_payload).toEqual({
        ...fields,
        event: 'message',
        zulip_message_id: messageId,
        content: '@Cordelia Lear a word',
        content_truncated: false,
        sender_full_name: 'Iago',
        sender_avatar_url: sender.avatar,
      });
      expect(push.apns_payload).toEqual({
        alert: { title: '#Verona > plots', subtitle: 'Iago mentioned you:', body: '@Cordelia Lear a word' },
        sound: 'default',
        badge: 0,
        custom: { zulip: { ...fields, message_ids: [messageId] } },
      });
      // Only the mentioned: nobody else in Verona has a reason to be notified.
      expect(callsFor(messageId).map((n) => n.user_id)).toEqual([id('cordelia@zulip.com')]);
    });

    it('a group mention names the group, unless the person was also mentioned by name', async () => {
      const created = await as('iago@zulip.com').post('/user_groups/create', {
        name: 'actors',
        description: 'On stage',
        members: JSON.stringify([id('cordelia@zulip.com'), id('othello@zulip.com')]),
      });
      expect(created.status).toBe(200);
      const groupId = (await env().db.knex('user_groups').where({ name: 'actors' }).first('id')).id as number;
      const messageId = await send('iago@zulip.com', {
        type: 'stream',
        to: 'Verona',
        topic: 'cast',
        content: '@*actors* and @**Othello, the Moor of Venice**',
      });
      await waitFor(() => callsFor(messageId).length === 2, 20_000, { what: 'two pushes' });
      const cordelia = callsFor(messageId).find((n) => n.user_id === id('cordelia@zulip.com'))!;
      expect(cordelia.gcm_payload).toMatchObject({ mentioned_user_group_id: groupId, mentioned_user_group_name: 'actors' });
      expect(cordelia.apns_payload).toMatchObject({
        alert: { subtitle: 'Iago mentioned @actors:' },
        custom: { zulip: { mentioned_user_group_id: groupId, mentioned_user_group_name: 'actors' } },
      });
      const othello = callsFor(messageId).find((n) => n.user_id === id('othello@zulip.com'))!;
      expect(othello.gcm_payload).not.toHaveProperty('mentioned_user_group_id');
      expect(othello.apns_payload).toMatchObject({ alert: { subtitle: 'Iago mentioned you:' } });
    });

    it('wildcard mentions follow wildcard_mentions_notify; a long message is truncated', async () => {
      expect((await as('cordelia@zulip.com').patch('/settings', { wildcard_mentions_notify: false })).status).toBe(200);
      const quiet = await send('iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'all', content: '@**all** quiet' });
      expect((await as('cordelia@zulip.com').patch('/settings', { wildcard_mentions_notify: true })).status).toBe(200);
      const long = `@**all** ${'x'.repeat(250)}`;
      const loud = await send('iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'all', content: long });
      await waitFor(() => callsFor(loud).some((n) => n.user_id === id('cordelia@zulip.com')), 20_000, { what: 'the wildcard push' });
      const push = callsFor(loud).find((n) => n.user_id === id('cordelia@zulip.com'))!;
      expect(push.apns_payload).toMatchObject({ alert: { subtitle: 'Iago mentioned everyone:' } });
      expect(push.gcm_payload).toMatchObject({ content: `@all ${'x'.repeat(195)}…`, content_truncated: true });
      expect(callsFor(quiet).filter((n) => n.user_id === id('cordelia@zulip.com'))).toEqual([]);
    });

    it('followed topics, the stream setting, alert words; muted topics stay quiet', async () => {
      const cordelia = as('cordelia@zulip.com');
      const verona = (await cordelia.get('/get_stream_id', { stream: 'Verona' })).body.stream_id as number;
      expect((await cordelia.post('/user_topics', { stream_id: verona, topic: 'followed', visibility_policy: 3 })).status).toBe(200);
      const followed = await send('iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'followed', content: 'news' });
      expect((await pushOf(followed)).apns_payload).toMatchObject({
        alert: { title: '#Verona > followed', subtitle: 'Iago:', body: 'news' },
      });
      // The same decision gives the e-mail channel its trigger: the message joins the mail batch.
      const batched = () =>
        env()
          .db.knex('missed_message_emails')
          .where({ user_id: id('cordelia@zulip.com'), message_id: followed });
      await waitFor(async () => (await batched()).length === 1, 20_000, { what: 'the e-mail batch' });
      expect((await batched())[0]).toMatchObject({ trigger: 'followed_topic_email_notify' });

      const props = [{ stream_id: verona, property: 'push_notifications', value: true }];
      expect((await cordelia.post('/users/me/subscriptions/properties', { subscription_data: JSON.stringify(props) })).status).toBe(200);
      expect((await cordelia.post('/user_topics', { stream_id: verona, topic: 'hush', visibility_policy: 1 })).status).toBe(200);
      const muted = await send('iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'hush', content: 'psst' });
      const streamPush = await send('iago@zulip.com', {
        type: 'stream',
        to: 'Verona',
        topic: 'general',
        content: 'for everyone who asked',
      });
      const pushed = await pushOf(streamPush);
      expect(pushed.user_id).toBe(id('cordelia@zulip.com'));
      expect(pushed.apns_payload).toMatchObject({ alert: { subtitle: 'Iago:' } });
      const off = [{ stream_id: verona, property: 'push_notifications', value: false }];
      expect((await cordelia.post('/users/me/subscriptions/properties', { subscription_data: JSON.stringify(off) })).status).toBe(200);

      expect((await cordelia.post('/users/me/alert_words', { alert_words: JSON.stringify(['handkerchief']) })).status).toBe(200);
      const alerted = await send('iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'general', content: 'a handkerchief' });
      expect((await pushOf(alerted)).user_id).toBe(id('cordelia@zulip.com'));
      expect(callsFor(muted)).toEqual([]);
    });

    it('nothing for someone with an open client until their last queue is collected, then the push', async () => {
      const prospero = as('prospero@zulip.com');
      expect((await prospero.patch('/settings', { enable_online_push_notifications: false })).status).toBe(200);
      const { queue_id: queueId } = (await prospero.post('/register', { event_types: ['message'], queue_lifespan_secs: 2 })).body;
      const messageId = await send('hamlet@zulip.com', {
        type: 'private',
        to: JSON.stringify(['prospero@zulip.com']),
        content: 'Are you there?',
      });
      // Kept alive by polling: the message reaches the client, and the decision waits.
      const delivered = await prospero.events<{ type: string; message?: { id: number } }>(queueId, 1, (e) => e.message?.id === messageId);
      expect(delivered).toHaveLength(1);
      const sentinel = await send('hamlet@zulip.com', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: 'sentinel' });
      await pushOf(sentinel);
      expect((await prospero.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).status).toBe(200);
      expect(callsFor(messageId)).toEqual([]);
      expect(
        await env()
          .db.knex('pending_notifications')
          .where({ user_id: id('prospero@zulip.com'), message_id: messageId }),
      ).toHaveLength(1);
      // No more polls: the queue is collected, and with it goes the held notification.
      const push = await pushOf(messageId);
      expect(push.user_id).toBe(id('prospero@zulip.com'));
      expect(push.apns_payload).toMatchObject({ alert: { title: 'King Hamlet', body: 'Are you there?' } });
    });

    it('an open client with online pushes on gets the push at once', async () => {
      const zoe = as('ZOE@zulip.com');
      const { queue_id: queueId } = (await zoe.post('/register', { event_types: ['message'] })).body;
      const messageId = await send('hamlet@zulip.com', { type: 'private', to: JSON.stringify(['ZOE@zulip.com']), content: 'Online?' });
      expect((await pushOf(messageId)).user_id).toBe(id('ZOE@zulip.com'));
      expect((await zoe.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).status).toBe(200);
    });

    it('an unknown outcome is tried once more; an acknowledged push never again', async () => {
      bouncer.failNext({ status: 502 });
      const retried = await send('hamlet@zulip.com', {
        type: 'private',
        to: JSON.stringify(['othello@zulip.com']),
        content: 'second time lucky',
      });
      await waitFor(() => callsFor(retried).length === 2, 20_000, { what: 'the repeat' });
      bouncer.failNext('drop', 'drop');
      const lost = await send('hamlet@zulip.com', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: 'lost' });
      await waitFor(() => callsFor(lost).length === 2, 20_000, { what: 'two tries' });
      const sentinel = await send('hamlet@zulip.com', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: 'after' });
      await pushOf(sentinel);
      expect(callsFor(retried)).toHaveLength(2);
      expect(callsFor(lost)).toHaveLength(2);
      expect(callsFor(sentinel)).toHaveLength(1);
    });

    it('a refusal (INVALID_ZULIP_SERVER) is not tried again', async () => {
      const registered = bouncer.servers.get(ORG_ID)!;
      bouncer.servers.set(ORG_ID, { ...registered, key: 'z'.repeat(64) });
      const refused = await send('hamlet@zulip.com', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: 'refused' });
      await waitFor(() => callsFor(refused).length === 1, 20_000, { what: 'the refused call' });
      bouncer.servers.set(ORG_ID, registered);
      const sentinel = await send('hamlet@zulip.com', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: 'accepted' });
      await pushOf(sentinel);
      expect(callsFor(refused)).toHaveLength(1);
    });

    it("a deactivated user's devices are forgotten by the bouncer", async () => {
      expect((await as('iago@zulip.com').delete(`/users/${id('ZOE@zulip.com')}`)).status).toBe(200);
      const prefix = `${ORG_ID}:${id('ZOE@zulip.com')}:`;
      await waitFor(() => ![...bouncer.devices].some((d) => d.startsWith(prefix)), 20_000, { what: 'the devices unregistered' });
      expect(bouncer.calls.filter((c) => c.endpoint === 'push/unregister/all')).toEqual([
        { endpoint: 'push/unregister/all', serverId: ORG_ID, body: { user_id: String(id('ZOE@zulip.com')) } },
      ]);
      expect(
        await env()
          .db.knex('push_device_tokens')
          .where({ user_id: id('ZOE@zulip.com') }),
      ).toEqual([]);
    });
  },
  overrides,
);

describeBothTopologies(
  'mobile push without content (PUSH_NOTIFICATION_REDACT_CONTENT)',
  (env) => {
    it('says "New message" instead of the content', async () => {
      bouncer.calls.length = 0;
      const hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
      const othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
      const othelloId = (await othello.get('/users/me')).body.user_id as number;
      expect((await othello.post('/users/me/android_gcm_reg_id', { token: 'fcm-redacted' })).status).toBe(200);
      await waitFor(() => bouncer.devices.has(`${ORG_ID}:${othelloId}:2:fcm-redacted`), 20_000, { what: 'the token forwarded' });
      const sent = await hamlet.post('/messages', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: 'a secret' });
      const messageId = sent.body.id as number;
      await waitFor(() => callsFor(messageId).length > 0, 20_000, { what: 'the push' });
      const push = callsFor(messageId)[0]!;
      expect(push.gcm_payload).toMatchObject({ content: 'New message', content_truncated: false });
      expect(push.apns_payload).toMatchObject({ alert: { body: 'New message' } });
      expect(JSON.stringify(push)).not.toContain('a secret');
    });
  },
  redacting,
);

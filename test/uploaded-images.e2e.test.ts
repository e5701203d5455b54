/**
 * Avatars and the realm icon through the gateway, in both topologies (and the embedded one with its
 * files in a bucket of the test S3 server): multipart uploads reach the
 * settings service, the files are served at the URLs the answers and events give, /register shows
 * the realm's images, and a queue receives the events.
 */
import sharp from 'sharp';
import request from 'supertest';
import { ApiClient, basicAuth, STORAGE_BACKENDS, waitForValue } from '@chat/testing';
import { describeBothTopologies, type TopologyEnv } from './topologies';

type Event = Record<string, unknown> & { id: number; type: string };

describeBothTopologies(
  'uploaded images',
  (env: () => TopologyEnv) => {
    const api = (path: string) => `/api/v1${path}`;
    const key = async (email: string) => {
      const body = (await request(env().target).post(api('/dev_fetch_api_key')).type('form').send({ username: email })).body;
      return basicAuth(body.email, body.api_key);
    };
    const png = (background: string) =>
      sharp({ create: { width: 240, height: 160, channels: 4, background } })
        .png()
        .toBuffer();

    /** Polls the queue until an event matching `match` arrives. */
    async function eventOf(client: ApiClient, queueId: string, match: (e: Event) => boolean): Promise<Event> {
      let last = -1;
      return waitForValue(
        async () => {
          const res = await client.get('/events', { queue_id: queueId, last_event_id: last, dont_block: true });
          const events = (res.body.events ?? []) as Event[];
          for (const e of events) last = Math.max(last, e.id);
          return events.find(match);
        },
        10_000,
        { stepMs: 50, what: 'the event' },
      );
    }

    it('an avatar upload is served where the answer, the event and /avatar/{id} point', async () => {
      const othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
      const queue = (await othello.post('/register', { event_types: ['realm_user'] })).body as { queue_id: string };
      const hamlet = await key('hamlet@zulip.com');
      const upload = await request(env().target)
        .post(api('/users/me/avatar'))
        .set('Authorization', hamlet)
        .attach('file', await png('#00aa00'), 'me.png');
      expect(upload.status).toBe(200);
      const url = upload.body.avatar_url as string;
      expect(url).toMatch(/^\/user_avatars\/\d+\/[0-9a-f]{40}\.png\?version=\d+$/);
      const event = await eventOf(
        othello,
        queue.queue_id,
        (e) => e.type === 'realm_user' && (e.person as { avatar_url?: string }).avatar_url === url,
      );
      expect(event.person).toMatchObject({ avatar_source: 'U', avatar_url_medium: url.replace('.png?', '-medium.png?') });
      const image = await request(env().target).get(url).responseType('blob');
      expect([image.status, image.headers['content-type'], image.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
      expect((await sharp(image.body as Buffer).metadata()).width).toBe(100);
      const own = (
        await request(env().target)
          .post(api('/register'))
          .set('Authorization', hamlet)
          .type('form')
          .send({ fetch_event_types: '["realm_user"]' })
      ).body as Record<string, unknown>;
      expect([own.avatar_source, own.avatar_url, own.avatar_url_medium]).toEqual(['U', url, url.replace('.png?', '-medium.png?')]);
      const me = await request(env().target).get(api('/users/me')).set('Authorization', hamlet);
      const redirect = await request(env().target).get(`/avatar/${me.body.user_id}`).set('Authorization', hamlet);
      expect([redirect.status, redirect.headers.location]).toEqual([302, url]);
      const removed = await request(env().target).delete(api('/users/me/avatar')).set('Authorization', hamlet);
      expect(removed.body.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\//);
      expect((await request(env().target).get(url)).status).toBe(404);
    });

    it('the realm icon: /register shows it, a queue receives its update_dict event, it is served', async () => {
      const hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
      const before = (await hamlet.post('/register', { event_types: ['realm'] })).body as Record<string, unknown> & { queue_id: string };
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining(['realm_icon_url', 'realm_icon_source', 'realm_logo_url', 'realm_logo_source', 'realm_night_logo_url']),
      );
      const iago = await key('iago@zulip.com');
      const refused = await request(env().target)
        .post(api('/realm/icon'))
        .set('Authorization', await key('hamlet@zulip.com'))
        .attach('file', await png('#000000'), 'i.png');
      expect(refused.body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL' });
      const upload = await request(env().target)
        .post(api('/realm/icon'))
        .set('Authorization', iago)
        .attach('file', await png('#aa0000'), 'i.png');
      expect(upload.status).toBe(200);
      const url = upload.body.icon_url as string;
      const event = await eventOf(hamlet, before.queue_id, (e) => e.type === 'realm' && e.op === 'update_dict' && e.property === 'icon');
      expect(event.data).toEqual({ icon_url: url, icon_source: 'U' });
      const after = (await hamlet.post('/register', { fetch_event_types: ['realm'] })).body as Record<string, unknown>;
      expect([after.realm_icon_url, after.realm_icon_source]).toEqual([url, 'U']);
      const image = await request(env().target).get(url).responseType('blob');
      expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
      const meta = await sharp(image.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([100, 100]);
      expect((await request(env().target).delete(api('/realm/icon')).set('Authorization', iago)).status).toBe(200);
      expect((await request(env().target).get(url)).status).toBe(404);
    });
  },
  {},
  { storage: STORAGE_BACKENDS },
);

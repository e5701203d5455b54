/**
 * Avatars and the realm's icon and logos through the settings app: uploads resized and stored
 * under versioned keys, the events Zulip sends, the served bytes and headers, removal, refusals,
 * and the app answering other requests while a large image is decoded. Images are made here with
 * sharp.
 */
import { crc32 } from 'node:zlib';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import request from 'supertest';
import { avatarUrl, getRealm, userAvatarKeys } from '@chat/db';
import { createImageProcessor, type ImageProcessor } from '@chat/images';
import { waitFor } from '@chat/testing';
import { realmImagePath } from '@chat/views';
import { startSettings, eventsOf, type Harness } from './helpers';

const png = (width: number, height: number, background = '#2a7fff') =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

/** A few bytes of PNG whose header declares 60 000 × 60 000 pixels. */
async function pngBomb(): Promise<Buffer> {
  const data = Buffer.from(await png(4, 4));
  data.writeUInt32BE(60_000, 16);
  data.writeUInt32BE(60_000, 20);
  data.writeUInt32BE(crc32(data.subarray(12, 29)), 29);
  return data;
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle r="40"/></svg>');

describe('uploaded avatars and realm images', () => {
  let h: Harness;
  let images: ImageProcessor;
  beforeAll(async () => {
    images = createImageProcessor();
    h = await startSettings({ images });
  });
  afterAll(() => h.close());

  const as = (who: string) => h.headers(`${who}@zulip.com`);
  const post = async (path: string, who: string, file: Buffer | null, fields: Record<string, string> = {}) => {
    let req = request(h.app)
      .post(`/api/v1${path}`)
      .set(await as(who));
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return file ? req.attach('file', file, 'image.png') : req.field('nothing', 'here');
  };
  const served = (url: string) =>
    request(h.app)
      .get(url)
      .responseType('blob')
      .then((res) => ({ status: res.status, headers: res.headers, body: res.body as Buffer }));
  const stored = async (key: string) => {
    const file = await h.deps.files!.get(key);
    return file ? buffer(file.stream) : undefined;
  };
  const setRealmSettings = (settings: Record<string, unknown>) =>
    h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: JSON.stringify(settings) });

  describe('POST /users/me/avatar', () => {
    it('keeps 100 and 500 pixel squares, tells the realm, and serves them at avatar_url', async () => {
      const before = await h.user('hamlet@zulip.com');
      let body: Record<string, unknown> = {};
      const notices = await eventsOf(h.db, async () => {
        body = (await post('/users/me/avatar', 'hamlet', await png(640, 480))).body;
      });
      const after = await h.user('hamlet@zulip.com');
      expect([after.avatar_source, after.avatar_version]).toEqual(['U', before.avatar_version + 1]);
      const [small, medium] = userAvatarKeys(after);
      expect(body).toEqual({ result: 'success', msg: '', avatar_url: `/user_avatars/${small}?version=${after.avatar_version}` });
      expect(notices.map((n) => n.event)).toEqual([
        {
          type: 'realm_user',
          op: 'update',
          person: {
            user_id: after.id,
            email: after.email,
            avatar_source: 'U',
            avatar_url: body.avatar_url,
            avatar_url_medium: `/user_avatars/${medium}?version=${after.avatar_version}`,
          },
        },
      ]);
      expect(notices[0]!.userIds).toContain((await h.user('othello@zulip.com')).id);
      for (const [url, size] of [
        [avatarUrl(after), 100],
        [avatarUrl(after, true), 500],
      ] as const) {
        const res = await served(url);
        expect(res.status).toBe(200);
        expect(res.headers).toMatchObject({
          'content-type': 'image/png',
          'content-length': String(res.body.length),
          'x-content-type-options': 'nosniff',
          'cache-control': 'public, max-age=31536000, immutable',
        });
        expect(res.headers['content-security-policy']).toContain('sandbox');
        expect(res.headers['content-disposition']).toMatch(/^inline; /);
        const meta = await sharp(res.body).metadata();
        expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', size, size, undefined]);
      }
    });

    it('replaces the previous upload: the old files are removed, the new ones served', async () => {
      const before = await h.user('hamlet@zulip.com');
      const oldKeys = userAvatarKeys(before);
      expect(await stored(oldKeys[0])).toBeDefined();
      expect((await post('/users/me/avatar', 'hamlet', await png(50, 50, '#ff0000'))).status).toBe(200);
      const after = await h.user('hamlet@zulip.com');
      for (const key of oldKeys) expect(await stored(key)).toBeUndefined();
      expect((await served(`/user_avatars/${oldKeys[0]}`)).status).toBe(404);
      const { channels } = await sharp((await served(avatarUrl(after))).body).stats();
      expect(channels.map((c) => c.max).slice(0, 3)).toEqual([255, 0, 0]);
    });

    it('DELETE goes back to Gravatar and removes the files', async () => {
      const before = await h.user('hamlet@zulip.com');
      const res = await request(h.app)
        .delete('/api/v1/users/me/avatar')
        .set(await as('hamlet'));
      expect(res.body.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
      for (const key of userAvatarKeys(before)) expect(await stored(key)).toBeUndefined();
      expect((await h.user('hamlet@zulip.com')).avatar_source).toBe('G');
    });

    it('refuses no file, SVG, PDF, a decompression bomb and junk, changing nothing', async () => {
      const before = await h.user('cordelia@zulip.com');
      expect((await post('/users/me/avatar', 'cordelia', null)).body).toEqual({
        result: 'error',
        msg: 'You must upload exactly one avatar.',
      });
      const cases: [Buffer, string][] = [
        [SVG, 'SVG images are not accepted; upload a PNG, JPEG, GIF or WebP image.'],
        [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'PDF images are not accepted; upload a PNG, JPEG, GIF or WebP image.'],
        [await pngBomb(), 'Image size exceeds limit.'],
        [Buffer.from('not an image at all'), 'Could not decode image; did you upload an image file?'],
      ];
      for (const [file, msg] of cases) {
        const res = await post('/users/me/avatar', 'cordelia', file);
        expect([res.status, res.body]).toEqual([400, { result: 'error', msg, code: 'BAD_IMAGE' }]);
      }
      const after = await h.user('cordelia@zulip.com');
      expect([after.avatar_source, after.avatar_version]).toEqual([before.avatar_source, before.avatar_version]);
    });

    it('refuses members when the realm disables avatar changes, not administrators', async () => {
      await setRealmSettings({ avatar_changes_disabled: true });
      try {
        expect((await post('/users/me/avatar', 'othello', await png(10, 10))).body).toEqual({
          result: 'error',
          msg: 'Avatar changes are disabled in this organization.',
          code: 'BAD_REQUEST',
        });
        expect((await post('/users/me/avatar', 'iago', await png(10, 10))).status).toBe(200);
      } finally {
        await setRealmSettings({});
      }
    });

    it('keeps answering other requests while a large image is decoded', async () => {
      // A 39-megapixel GIF: GIF has no reduced-size decoding, so every pixel is decoded, twice.
      const large = await sharp({ create: { width: 6200, height: 6200, channels: 3, background: '#8899aa' } })
        .gif()
        .toBuffer();
      const order: string[] = [];
      const upload = post('/users/me/avatar', 'othello', large).then((res) => {
        order.push('upload');
        return res;
      });
      await waitFor(() => images.inFlight > 0, 10_000, { what: 'the decode to start' });
      const settings = await request(h.app).get('/api/v1/server_settings');
      order.push('server_settings');
      expect(settings.status).toBe(200);
      expect(images.inFlight).toBe(1);
      expect((await upload).status).toBe(200);
      expect(order).toEqual(['server_settings', 'upload']);
    });
  });

  describe('the realm icon and logos', () => {
    it('POST /realm/icon: administrators only; a 100 pixel square, the update_dict event, served', async () => {
      expect((await post('/realm/icon', 'hamlet', await png(300, 200))).body).toEqual({
        result: 'error',
        msg: 'Must be an organization administrator',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
      let body: Record<string, unknown> = {};
      const notices = await eventsOf(h.db, async () => {
        body = (await post('/realm/icon', 'iago', await png(300, 200))).body;
      });
      const realm = (await getRealm(h.db.knex, h.realmId))!;
      const url = `/user_avatars/${realmImagePath(h.realmId, 'icon', realm.icon_version)}?version=${realm.icon_version}`;
      expect([realm.icon_source, body]).toEqual(['U', { result: 'success', msg: '', icon_url: url }]);
      expect(notices.map((n) => n.event)).toEqual([
        { type: 'realm', op: 'update_dict', property: 'icon', data: { icon_url: url, icon_source: 'U' } },
      ]);
      const image = await served(url);
      expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
      const meta = await sharp(image.body).metadata();
      expect([meta.width, meta.height]).toEqual([100, 100]);
      const redirect = await request(h.app)
        .get('/api/v1/realm/icon')
        .set(await as('hamlet'));
      expect([redirect.status, redirect.headers.location]).toEqual([302, url]);
    });

    it('DELETE /realm/icon goes back to the identicon and removes the file', async () => {
      const before = (await getRealm(h.db.knex, h.realmId))!;
      expect(
        (
          await request(h.app)
            .delete('/api/v1/realm/icon')
            .set(await as('hamlet'))
        ).status,
      ).toBe(400);
      let body: Record<string, unknown> = {};
      const notices = await eventsOf(h.db, async () => {
        body = (
          await request(h.app)
            .delete('/api/v1/realm/icon')
            .set(await as('iago'))
        ).body;
      });
      expect(body.icon_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon$/);
      expect(notices.map((n) => n.event)).toEqual([
        { type: 'realm', op: 'update_dict', property: 'icon', data: { icon_url: body.icon_url, icon_source: 'G' } },
      ]);
      expect(await stored(realmImagePath(h.realmId, 'icon', before.icon_version))).toBeUndefined();
    });

    it('POST /realm/logo takes night from the form; fits 800 × 100; night and day apart', async () => {
      const missing = await post('/realm/logo', 'iago', await png(1600, 400));
      expect(missing.body).toMatchObject({ result: 'error', msg: "Missing 'night' argument" });
      const notices = await eventsOf(h.db, async () => {
        expect((await post('/realm/logo', 'iago', await png(1600, 400), { night: 'true' })).body).toEqual({ result: 'success', msg: '' });
      });
      const realm = (await getRealm(h.db.knex, h.realmId))!;
      const url = `/user_avatars/${realmImagePath(h.realmId, 'night_logo', realm.night_logo_version)}?version=${realm.night_logo_version}`;
      expect([realm.night_logo_source, realm.logo_source]).toEqual(['U', 'D']);
      expect(notices.map((n) => n.event)).toEqual([
        { type: 'realm', op: 'update_dict', property: 'night_logo', data: { night_logo_url: url, night_logo_source: 'U' } },
      ]);
      const meta = await sharp((await served(url)).body).metadata();
      expect([meta.width, meta.height]).toEqual([400, 100]);
      const redirect = await request(h.app)
        .get('/api/v1/realm/logo')
        .query({ night: 'true' })
        .set(await as('hamlet'));
      expect([redirect.status, redirect.headers.location]).toEqual([302, `${url}&night=true`]);
      expect((await post('/realm/logo', 'hamlet', await png(10, 10), { night: 'false' })).body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    });

    it('DELETE /realm/logo with night goes back to the default and removes the file', async () => {
      const before = (await getRealm(h.db.knex, h.realmId))!;
      const notices = await eventsOf(h.db, async () => {
        const res = await request(h.app)
          .delete('/api/v1/realm/logo')
          .set(await as('iago'))
          .type('form')
          .send({ night: 'true' });
        expect(res.body).toEqual({ result: 'success', msg: '' });
      });
      const realm = (await getRealm(h.db.knex, h.realmId))!;
      expect(realm.night_logo_source).toBe('D');
      expect(notices.map((n) => n.event)).toEqual([
        {
          type: 'realm',
          op: 'update_dict',
          property: 'night_logo',
          data: { night_logo_url: expect.stringMatching(/gravatar/), night_logo_source: 'D' },
        },
      ]);
      expect(await stored(realmImagePath(h.realmId, 'night_logo', before.night_logo_version))).toBeUndefined();
    });
  });

  it('/user_avatars serves none of the other stored files', async () => {
    await h.deps.files!.put(`${h.realmId}/ab/cdef/secret.png`, await png(4, 4));
    await h.deps.files!.put(`${h.realmId}/realm/icon.png`, await png(4, 4));
    for (const path of [`${h.realmId}/ab/cdef/secret.png`, `${h.realmId}/realm/icon.png`, `${h.realmId}/realm/../ab/cdef/secret.png`]) {
      expect((await served(`/user_avatars/${path}`)).status).toBe(404);
    }
  });
});

describe('GET /avatar/{email_or_id}', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  it("redirects to a user's avatar by id or e-mail (medium too), an unknown address to its Gravatar", async () => {
    const headers = await h.headers('hamlet@zulip.com');
    const location = async (path: string) => {
      const res = await request(h.app).get(path).set(headers);
      expect(res.status).toBe(302);
      return res.headers.location;
    };
    const upload = await request(h.app)
      .post('/api/v1/users/me/avatar')
      .set(await h.headers('iago@zulip.com'))
      .attach('file', await png(20, 20), 'me.png');
    expect(upload.status).toBe(200);
    const iago = await h.user('iago@zulip.com');
    expect(await location(`/avatar/${iago.id}`)).toBe(avatarUrl(iago));
    expect(await location(`/avatar/IAGO@zulip.com/medium?s=50`)).toBe(`${avatarUrl(iago, true)}&s=50`);
    const hamlet = await h.user('hamlet@zulip.com');
    expect(await location('/avatar/hamlet@zulip.com')).toBe(avatarUrl(hamlet));
    expect(await location('/avatar/nobody@example.com')).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    );
    expect((await request(h.app).get(`/avatar/${iago.id}`)).status).toBe(401);
  });
});

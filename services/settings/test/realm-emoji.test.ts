import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import request from 'supertest';
import { startSettings, eventsOf, PNG, type Harness } from './helpers';

/** An animated GIF of `frames` frames, each its own colour (the encoder merges equal ones), red first. */
async function animatedGif(frames: number): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({
        create: { width: 120, height: 80, channels: 4, background: { r: i === 0 ? 255 : 0, g: i * 60, b: i === 0 ? 0 : 255, alpha: 1 } },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: 100 })
    .toBuffer();
}

describe('realm emoji', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const storedBytes = async (key: string) => {
    const stored = await h.deps.files!.get(key);
    if (!stored) throw new Error(`nothing stored under ${key}`);
    return buffer(stored.stream);
  };

  const upload = async (name: string, who = 'hamlet@zulip.com', file: Buffer | null = PNG, filename = 'green.png') => {
    const req = request(h.app)
      .post(`/api/v1/realm/emoji/${name}`)
      .set(await h.headers(who));
    return file ? req.attach('file', file, filename) : req.type('form').send({});
  };

  it('uploads an emoji (stored, listed, realm_emoji event to the realm)', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      const res = await upload('green_tick');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'success', msg: '' });
    });
    const row = await h.db.knex('realm_emoji').where({ name: 'green_tick' }).first();
    const expected = {
      [String(row.id)]: {
        id: String(row.id),
        name: 'green_tick',
        source_url: `/user_avatars/${h.realmId}/emoji/images/${row.id}.png`,
        deactivated: false,
        author_id: hamlet.id,
        still_url: null,
        author: { id: hamlet.id, email: 'hamlet@zulip.com', full_name: 'King Hamlet' },
      },
    };
    expect(notices.map((n) => n.event)).toEqual([{ type: 'realm_emoji', op: 'update', realm_emoji: expected }]);
    expect(notices[0]!.userIds).toContain(hamlet.id);
    // Stored, resized to 64 × 64, under its source_url's path, which serves it to anyone.
    const stored = await storedBytes(`${h.realmId}/emoji/images/${row.id}.png`);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 64]);
    const image = await request(h.app).get(`/user_avatars/${h.realmId}/emoji/images/${row.id}.png`).responseType('blob');
    expect([image.status, image.headers['content-type'], image.body]).toEqual([200, 'image/png', stored]);
    const list = await request(h.app)
      .get('/api/v1/realm/emoji')
      .set(await h.headers('othello@zulip.com'));
    expect(list.body).toEqual({ result: 'success', msg: '', emoji: expected });
  });

  it('keeps an animated emoji animated at 64 × 64 and serves a still of its first frame at still_url', async () => {
    const res = await upload('party', 'hamlet@zulip.com', await animatedGif(3), 'party.gif');
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const row = await h.db.knex('realm_emoji').where({ name: 'party', deactivated: false }).first();
    const list = await request(h.app)
      .get('/api/v1/realm/emoji')
      .set(await h.headers('othello@zulip.com'));
    const emoji = list.body.emoji[String(row.id)];
    expect([emoji.source_url, emoji.still_url]).toEqual([
      `/user_avatars/${h.realmId}/emoji/images/${row.id}.gif`,
      `/user_avatars/${h.realmId}/emoji/images/still/${row.id}.png`,
    ]);
    const animated = await request(h.app).get(emoji.source_url).responseType('blob');
    expect([animated.status, animated.headers['content-type']]).toEqual([200, 'image/gif']);
    const meta = await sharp(animated.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages]).toEqual(['gif', 64, 64, 3]);
    const still = await request(h.app).get(emoji.still_url).responseType('blob');
    expect([still.status, still.headers['content-type'], still.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'public, max-age=31536000, immutable',
    ]);
    const stillMeta = await sharp(still.body as Buffer).metadata();
    expect([stillMeta.format, stillMeta.width, stillMeta.height, stillMeta.pages ?? 1]).toEqual(['png', 64, 64, 1]);
    // The still shows the first (red) frame.
    const [red, , blue] = (await sharp(still.body as Buffer).stats()).channels.map((c) => c.max);
    expect([red, blue]).toEqual([255, 0]);
  });

  it('refuses an SVG emoji by name and stores nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>');
    expect((await upload('vector', 'hamlet@zulip.com', svg, 'v.png')).body).toEqual({
      result: 'error',
      msg: 'SVG images are not accepted; upload a PNG, JPEG, GIF or WebP image.',
      code: 'BAD_IMAGE',
    });
    expect(await h.db.knex('realm_emoji').where({ name: 'vector' }).first()).toBeUndefined();
  });

  it.each([
    ['green_tick', 'A custom emoji with this name already exists.', undefined],
    ['Bad-Name', 'Invalid characters in emoji name', 'BAD_REQUEST'],
    ['trailing_', 'Invalid characters in emoji name', 'BAD_REQUEST'],
  ])('refuses the name %s', async (name, msg, code) => {
    const res = await upload(name);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(code ? { result: 'error', msg, code } : { result: 'error', msg });
  });

  it('refuses no file, a non-image, an oversized file, guests and bots', async () => {
    expect((await upload('nofile', 'hamlet@zulip.com', null)).body).toEqual({ result: 'error', msg: 'You must upload exactly one file.' });
    expect((await upload('text', 'hamlet@zulip.com', Buffer.from('hello'), 'a.png')).body).toEqual({
      result: 'error',
      msg: 'Could not decode image; did you upload an image file?',
      code: 'BAD_IMAGE',
    });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload('big', 'hamlet@zulip.com', big)).body).toEqual({
      result: 'error',
      msg: 'Uploaded file is larger than the allowed limit of 5 MB',
    });
    expect((await upload('spy', 'polonius@zulip.com')).body).toEqual({
      result: 'error',
      msg: 'Not allowed for guest users',
      code: 'BAD_REQUEST',
    });
    expect((await upload('botty', 'default-bot@zulip.com')).body).toEqual({
      result: 'error',
      msg: 'This endpoint does not accept bot requests.',
    });
    expect(await h.db.knex('realm_emoji').count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('only administrators add emoji when the realm says so', async () => {
    await h.db
      .knex('realms')
      .where({ id: h.realmId })
      .update({ settings: JSON.stringify({ add_emoji_by_admins_only: true }) });
    try {
      expect((await upload('members_not', 'hamlet@zulip.com')).body).toEqual({
        result: 'error',
        msg: 'Must be an organization administrator',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
      expect((await upload('admins_may', 'iago@zulip.com')).status).toBe(200);
    } finally {
      await h.db.knex('realms').where({ id: h.realmId }).update({ settings: '{}' });
    }
  });

  it('deactivates an emoji: its author or an administrator; others are refused', async () => {
    const del = async (name: string, who: string) =>
      request(h.app)
        .delete(`/api/v1/realm/emoji/${name}`)
        .set(await h.headers(who));
    expect((await del('green_tick', 'othello@zulip.com')).body).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator or emoji author',
      code: 'BAD_REQUEST',
    });
    const notices = await eventsOf(h.db, async () => {
      expect((await del('green_tick', 'hamlet@zulip.com')).body).toEqual({ result: 'success', msg: '' });
    });
    const dict = notices[0]!.event.realm_emoji as Record<string, { name: string; deactivated: boolean }>;
    expect(Object.values(dict).find((e) => e.name === 'green_tick')!.deactivated).toBe(true);
    expect((await del('green_tick', 'hamlet@zulip.com')).body).toEqual({
      result: 'error',
      msg: "Emoji 'green_tick' does not exist",
      code: 'BAD_REQUEST',
    });
    // NUL cannot be in a stored name: the parameter layer refuses it (found by test/malformed-input.property.test.ts: was a 500).
    expect((await del('a%00b', 'hamlet@zulip.com')).body).toMatchObject({
      result: 'error',
      msg: "'emoji_name' cannot contain NULL (0x00) characters.",
    });
    expect((await del('admins_may', 'iago@zulip.com')).status).toBe(200);
    // The name is free again once deactivated.
    expect((await upload('green_tick')).status).toBe(200);
  });
});

/**
 * Emoji as images, in both topologies: the unicode emoji images at Zulip's path, named by the
 * emoji_code messages and reactions carry; a custom emoji's image at its source_url (not the web
 * client's page), and a custom emoji added a moment ago rendered in the next message.
 */
import request from 'supertest';
import { emojiImagePath } from '@chat/contracts';
import { ApiClient, STORAGE_BACKENDS } from '@chat/testing';
import { describeBothTopologies, storedBytes } from './topologies';

/** A 1×1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PNG_SIGNATURE = TINY_PNG.subarray(0, 8);
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

describeBothTopologies(
  'emoji files',
  (env) => {
    let hamlet: ApiClient;
    let iago: ApiClient;
    const get = (path: string) => request(env().target).get(path).responseType('blob');

    beforeAll(async () => {
      hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
      iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
    });

    it('serves the image of every emoji_code a message and a reaction carry, without login, cached for a year', async () => {
      const sent = await hamlet.post('/messages', {
        type: 'stream',
        to: 'Denmark',
        topic: 'emoji images',
        content: ':thumbs_up: :heart: :hash: :family_man_woman_girl:',
      });
      const id = sent.body.id as number;
      expect((await hamlet.post(`/messages/${id}/reactions`, { emoji_name: 'tada' })).body.result).toBe('success');
      const message = (await hamlet.get(`/messages/${id}`)).body.message as { content: string; reactions: { emoji_code: string }[] };
      const rendered = [...message.content.matchAll(/emoji-([0-9a-f-]+)"/g)].map((m) => m[1]!);
      expect(rendered).toEqual(['1f44d', '2764', '0023-20e3']);
      const codes = [...rendered, ...message.reactions.map((r) => r.emoji_code), '1f468-200d-1f469-200d-1f467'];
      for (const code of codes) {
        const res = await get(emojiImagePath(code));
        expect({ code, status: res.status }).toEqual({ code, status: 200 });
        expect(res.headers).toMatchObject({
          'content-type': 'image/png',
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        });
        expect((res.body as Buffer).subarray(0, 8)).toEqual(PNG_SIGNATURE);
      }
    });

    it('answers 404 for a name that is not an emoji_code, and never leaves the image folder', async () => {
      for (const path of [
        emojiImagePath('zzzz'),
        emojiImagePath('1F44D'),
        emojiImagePath('2764-fe0f'),
        '/static/generated/emoji/images-google-64/1f44d',
        '/static/generated/emoji/images-google-64/..%2F..%2F..%2Fpackage.json',
        '/static/generated/emoji/images-google-64/%2e%2e%2femoji.json',
        '/static/generated/emoji/images-google-64/../emoji_api.json/x',
        '/static/generated/emoji/images-google-64/img/google/64/1f44d.png',
      ]) {
        const res = await request(env().target).get(path);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { result: 'error', msg: 'Not Found' } });
      }
    });

    /** Adds a custom emoji as iago (an administrator) and answers its source_url. */
    async function addEmoji(name: string): Promise<string> {
      const added = await iago.api('post', `/realm/emoji/${name}`).attach('file', TINY_PNG, `${name}.png`);
      expect(added.body).toEqual({ result: 'success', msg: '' });
      const emoji = Object.values(
        (await hamlet.get('/realm/emoji')).body.emoji as Record<string, { name: string; source_url: string }>,
      ).find((e) => e.name === name)!;
      expect(emoji.source_url).toMatch(/^\/user_avatars\/\d+\/emoji\/images\/\d+\.png$/);
      return emoji.source_url;
    }

    it("serves a custom emoji's image at its source_url, not the web client's page, deactivated or not", async () => {
      const sourceUrl = await addEmoji(`tower_${env().name}`);
      // Stored as the upload resized to Zulip's 64 × 64 (the PNG header's width and height).
      const stored = (await storedBytes(env(), sourceUrl.slice('/user_avatars/'.length))) ?? Buffer.alloc(0);
      expect([stored.subarray(0, 8), stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([PNG_SIGNATURE, 64, 64]);
      // The image itself, without login, with the headers every stored file has and a year's cache.
      const image = await get(sourceUrl);
      expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
      expect(image.body).toEqual(stored);
      expect(image.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'content-security-policy': UPLOAD_CSP,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      // Deactivated, it stays: messages that showed it still do.
      expect((await iago.delete(`/realm/emoji/tower_${env().name}`)).body.result).toBe('success');
      expect((await get(sourceUrl)).status).toBe(200);
    });

    it('renders a custom emoji in the message sent right after adding it, and not once it is deactivated', async () => {
      const name = `castle_${env().name}`;
      const sourceUrl = await addEmoji(name);
      // The very next message, from another user, shows it as Zulip does.
      const sent = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'custom emoji', content: `a :${name}: here` });
      const content = ((await hamlet.get(`/messages/${sent.body.id as number}`)).body.message as { content: string }).content;
      expect(content).toBe(`<p>a <img alt=":${name}:" class="emoji" src="${sourceUrl}" title="${name.replace(/_/g, ' ')}"> here</p>`);
      expect((await hamlet.post('/messages/render', { content: `:${name}:` })).body.rendered).toContain(`src="${sourceUrl}"`);
      // Deactivated: new messages show the name as text.
      expect((await iago.delete(`/realm/emoji/${name}`)).body.result).toBe('success');
      const after = await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'custom emoji', content: `:${name}:` });
      expect(((await hamlet.get(`/messages/${after.body.id as number}`)).body.message as { content: string }).content).toBe(
        `<p>:${name}:</p>`,
      );
    });

    it('answers 404 under /user_avatars for anything but an emoji image, an upload included', async () => {
      const uploaded = await hamlet.api('post', '/user_uploads').attach('file', Buffer.from('private notes'), 'notes.png');
      const pathId = (uploaded.body.uri as string).slice('/user_uploads/'.length);
      const realmId = pathId.split('/')[0]!;
      for (const path of [
        `/user_avatars/${pathId}`,
        `/user_avatars/${realmId}/emoji/images/999999.png`,
        `/user_avatars/${realmId}/emoji/images/1.svg`,
        `/user_avatars/${realmId}/emoji/images/..%2F..%2F${pathId.split('/').slice(1).join('%2F')}`,
        '/user_avatars/',
        '/user_avatars/hamlet.png',
      ]) {
        const res = await request(env().target).get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.text).not.toContain('private notes');
        expect(res.text).not.toMatch(/<html|<script/i);
      }
    });
  },
  {},
  { storage: STORAGE_BACKENDS },
);

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { fileStoreFor, type FileStore } from '@chat/storage';
import { inThreadRenderer, STORAGE_BACKENDS, storageOverrides, testConfig, testLogger } from '@chat/testing';
import { buildApp } from '../src/app';
import { linkedPathIds, sanitizeFileName } from '../src/lib/upload-paths';
import { createStream, eventsOf, expectValidEvent, sendOk, startHarness, type Harness } from './helpers';

let h: Harness;
let app: Express;
let root: string;
let files: FileStore;

beforeAll(async () => {
  h = await startHarness();
  root = mkdtempSync(join(tmpdir(), 'uploads-'));
});
afterAll(async () => {
  await h.close();
  rmSync(root, { recursive: true, force: true });
});

async function upload(email: string, name = 'zulip notes.txt', body = 'hello world') {
  return request(app)
    .post('/api/v1/user_uploads')
    .set(await h.headers(email))
    .attach('file', Buffer.from(body), name);
}

/** The file at its root path, where messages link it (the service serves it there too). */
async function download(email: string, uri: string) {
  return request(app)
    .get(uri)
    .set(await h.headers(email));
}

// Every rule the same whichever store holds the files: the local folder, or a bucket of the run's S3 server.
describe.each(STORAGE_BACKENDS)('uploads stored in %s', (backend) => {
  beforeAll(async () => {
    const config = testConfig({ maxFileUploadSizeMb: 1, uploadsDir: join(root, backend), ...(await storageOverrides(backend)) });
    files = fileStoreFor(config);
    app = buildApp({ config, db: h.db, logger: testLogger(), files, renderer: inThreadRenderer() });
  });

  describe('POST /user_uploads', () => {
    it('stores the file, answers its URI and tells the owner', async () => {
      const notices = await h.noticesOf(async () => {
        const res = await upload('hamlet@zulip.com');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          result: 'success',
          msg: '',
          uri: expect.stringMatching(new RegExp(`^/user_uploads/${h.realmId}/[0-9a-f]{1,2}/[A-Za-z0-9_-]{24}/zulip-notes\\.txt$`)),
          url: res.body.uri,
        });
      });
      const [event] = eventsOf(notices);
      expectValidEvent(event!);
      expect(event).toMatchObject({ type: 'attachment', op: 'add', attachment: { name: 'zulip notes.txt', size: 11, messages: [] } });
      expect(notices[0]).toMatchObject({ userIds: [await h.userId('hamlet@zulip.com')] });
    });

    it('refuses no file, two files and a file over the limit with Zulip errors', async () => {
      const headers = await h.headers('hamlet@zulip.com');
      const none = await request(app).post('/api/v1/user_uploads').set(headers).type('form').send({ a: 'b' });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ result: 'error', msg: 'You must specify a file to upload' });
      const two = await request(app)
        .post('/api/v1/user_uploads')
        .set(headers)
        .attach('f1', Buffer.from('a'), 'a.txt')
        .attach('f2', Buffer.from('b'), 'b.txt');
      expect(two.body).toEqual({ result: 'error', msg: 'You may only upload one file at a time' });
      const big = await request(app)
        .post('/api/v1/user_uploads')
        .set(headers)
        .attach('file', Buffer.alloc(1024 * 1024 + 1), 'big.bin');
      expect(big.status).toBe(400);
      expect(big.body).toEqual({ result: 'error', msg: 'Uploaded file is larger than the allowed limit of 1 MB' });
    });
  });

  describe('downloads and claiming', () => {
    it('serves the owner, readers of a linking message, and refuses the rest', async () => {
      const uri: string = (await upload('hamlet@zulip.com', 'report.txt', 'secret')).body.uri;
      const own = await download('hamlet@zulip.com', uri);
      expect(own.status).toBe(200);
      expect(own.text).toBe('secret');
      expect(own.headers['content-type']).toMatch(/^text\/plain/);

      // Nobody else yet: no message links it.
      const early = await download('othello@zulip.com', uri);
      expect(early.status).toBe(403);
      expect(early.text).toBe('<p>You are not authorized to view this file.</p>');

      await createStream(h, `uploads secret ${backend}`, { inviteOnly: true, subscribers: ['hamlet@zulip.com', 'othello@zulip.com'] });
      const notices = await h.noticesOf(() =>
        sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: `uploads secret ${backend}`, topic: 't', content: `see [report.txt](${uri})` }),
      );
      const updates = eventsOf(notices).filter((e) => e.type === 'attachment');
      expect(updates).toHaveLength(1);
      expectValidEvent(updates[0]!);
      expect(updates[0]).toMatchObject({ op: 'update', attachment: { messages: [{ id: expect.any(Number), name: expect.any(Number) }] } });

      expect((await download('othello@zulip.com', uri)).status).toBe(200);
      expect((await download('cordelia@zulip.com', uri)).status).toBe(403);
      const missing = await download('othello@zulip.com', `/user_uploads/${h.realmId}/00/nothing/here.txt`);
      expect(missing.status).toBe(404);
      expect(missing.text).toBe('<p>File not found.</p>');
      // NUL cannot be in a stored path (found by test/malformed-input.property.test.ts: was a 500).
      const nul = await download('othello@zulip.com', `/user_uploads/${h.realmId}/a%00b`);
      expect(nul.status).toBe(404);
    });

    it('claims on edit and lets go of links an edit removes', async () => {
      const uri: string = (await upload('hamlet@zulip.com', 'later.txt', 'x')).body.uri;
      const id = await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: ['cordelia@zulip.com'], content: 'nothing yet' });
      expect((await download('cordelia@zulip.com', uri)).status).toBe(403);
      expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: `now [it](${uri})` })).status).toBe(200);
      expect((await download('cordelia@zulip.com', uri)).status).toBe(200);
      expect((await h.patch('hamlet@zulip.com', `/messages/${id}`, { content: 'gone again' })).status).toBe(200);
      expect((await download('cordelia@zulip.com', uri)).status).toBe(403);
    });

    it('does not claim a file the sender cannot read', async () => {
      const uri: string = (await upload('hamlet@zulip.com', 'mine.txt', 'x')).body.uri;
      await sendOk(h, 'othello@zulip.com', { type: 'private', to: ['cordelia@zulip.com'], content: `stolen [link](${uri})` });
      expect((await download('cordelia@zulip.com', uri)).status).toBe(403);
    });
  });

  describe('GET and DELETE /attachments', () => {
    it('lists the caller’s files and deletes only its own, file included', async () => {
      const res = await upload('iago@zulip.com', 'list me.png', 'png');
      const uri: string = res.body.uri;
      const listed = await request(app)
        .get('/api/v1/attachments')
        .set(await h.headers('iago@zulip.com'));
      expect(listed.status).toBe(200);
      const pathId = uri.slice('/user_uploads/'.length);
      const total = Number(((await h.db.knex('attachments').sum({ s: 'size' }).first()) as { s: string }).s);
      expect(listed.body).toEqual({
        result: 'success',
        msg: '',
        attachments: [
          { id: expect.any(Number), name: 'list me.png', path_id: pathId, size: 3, create_time: expect.any(Number), messages: [] },
        ],
        upload_space_used: total,
      });
      const id: number = listed.body.attachments[0].id;

      const other = await request(app)
        .delete(`/api/v1/attachments/${id}`)
        .set(await h.headers('hamlet@zulip.com'));
      expect(other.status).toBe(400);
      expect(other.body).toEqual({ result: 'error', msg: 'Invalid attachment', code: 'BAD_REQUEST' });
      const bad = await request(app)
        .delete('/api/v1/attachments/abc')
        .set(await h.headers('iago@zulip.com'));
      expect(bad.status).toBe(400);
      expect(bad.body.result).toBe('error');

      const notices = await h.noticesOf(async () => {
        const gone = await request(app)
          .delete(`/api/v1/attachments/${id}`)
          .set(await h.headers('iago@zulip.com'));
        expect(gone.body).toEqual({ result: 'success', msg: '' });
      });
      const [event] = eventsOf(notices);
      expectValidEvent(event!);
      expect(event).toMatchObject({ type: 'attachment', op: 'remove', attachment: { id } });
      expect(await files.get(pathId)).toBeUndefined();
      expect((await download('iago@zulip.com', uri)).status).toBe(404);
    });
  });

  it(backend === 's3' ? 'keeps nothing in the local folder' : 'keeps the files in the local folder', () => {
    expect(existsSync(join(root, backend))).toBe(backend === 'disk');
  });
});

describe('helpers', () => {
  it('sanitizes names and finds linked path ids', () => {
    expect(sanitizeFileName('my  file (1).txt')).toBe('my-file-1.txt');
    expect(sanitizeFileName('../')).toBe('uploaded-file');
    expect(linkedPathIds('[a](/user_uploads/2/ab/Xy/a.txt) and https://h/user_uploads/2/cd/Zz/b.png.')).toEqual([
      '2/ab/Xy/a.txt',
      '2/cd/Zz/b.png',
    ]);
  });
});

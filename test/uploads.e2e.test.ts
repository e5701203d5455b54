/**
 * Uploads as a client sees them, in both topologies: upload a file, link it in a message, a
 * recipient downloads it and someone else is refused, then list and delete it, with the owner's
 * attachment events; the mobile app opening a file through a temporary URL, and what such a URL
 * refuses.
 */
import request from 'supertest';
import Ajv from 'ajv';
import { EVENT_SCHEMAS } from '@chat/events';
import { signFileToken, temporaryFileUrl } from '@chat/storage';
import { ApiClient, testConfig, waitFor, STORAGE_BACKENDS } from '@chat/testing';
import { describeBothTopologies, storedBytes } from './topologies';

type Target = Parameters<typeof request>[0];

const login = (target: Target, email: string) => new ApiClient(target, { userAgent: 'ZulipPython/0.6' }).loginAs(email);

const ajv = new Ajv({ strict: false });
const validAttachmentEvent = ajv.compile(EVENT_SCHEMAS.attachment!);

type Client = ApiClient;

async function queueOf(client: Client) {
  const registered = await client
    .api('post', '/register')
    .type('form')
    .send({ event_types: JSON.stringify(['attachment']) });
  const queueId: string = registered.body.queue_id;
  let last: number = registered.body.last_event_id;
  const seen: Record<string, unknown>[] = [];
  return {
    async next(op: string) {
      let found: Record<string, unknown> | undefined;
      await waitFor(
        async () => {
          const res = await client.api('get', '/events').query({ queue_id: queueId, last_event_id: last, dont_block: 'true' });
          for (const event of res.body.events as Record<string, unknown>[]) {
            last = Math.max(last, event.id as number);
            seen.push(event);
          }
          const index = seen.findIndex((e) => e.type === 'attachment' && e.op === op);
          if (index >= 0) found = seen.splice(index, 1)[0];
          return found !== undefined;
        },
        10000,
        { stepMs: 50 },
      );
      return found!;
    },
  };
}

describeBothTopologies(
  'uploads',
  (env) => {
    let hamlet: Client;
    let othello: Client;
    let cordelia: Client;

    beforeAll(async () => {
      const target = env().target;
      [hamlet, othello, cordelia] = await Promise.all([
        login(target, 'hamlet@zulip.com'),
        login(target, 'othello@zulip.com'),
        login(target, 'cordelia@zulip.com'),
      ]);
    });

    it('uploads, links, serves only readers, lists and deletes, with attachment events', async () => {
      const queue = await queueOf(hamlet);
      const uploaded = await hamlet.api('post', '/user_uploads').attach('file', Buffer.from('the plan'), 'plan.txt');
      expect(uploaded.status).toBe(200);
      expect(uploaded.body).toEqual({
        result: 'success',
        msg: '',
        uri: expect.stringMatching(/^\/user_uploads\/\d+\/[0-9a-f]+\/[\w-]+\/plan\.txt$/),
        url: expect.any(String),
      });
      const uri: string = uploaded.body.uri;
      // url is uri's name from feature level 272.
      expect(uploaded.body.url).toBe(uri);
      // Stored where the topology keeps files: its bucket, or its local folder.
      expect((await storedBytes(env(), uri.slice('/user_uploads/'.length)))?.toString()).toBe('the plan');
      const added = await queue.next('add');
      expect(validAttachmentEvent(added)).toBe(true);

      const empty = await hamlet.api('post', '/user_uploads').type('form').send({});
      expect(empty.body).toEqual({ result: 'error', msg: 'You must specify a file to upload' });

      // Nobody but the owner before a message links it.
      expect((await request(env().target).get(uri).set('Authorization', othello.auth)).status).toBe(403);

      const sent = await hamlet
        .api('post', '/messages')
        .type('form')
        .send({ type: 'private', to: JSON.stringify(['othello@zulip.com']), content: `[plan.txt](${uri})` });
      expect(sent.status).toBe(200);
      const updated = await queue.next('update');
      expect(validAttachmentEvent(updated)).toBe(true);
      expect(updated).toMatchObject({ attachment: { messages: [{ id: sent.body.id }] } });

      // The root path the message links (`uri` itself) serves the file to its readers.
      const atRoot = await request(env().target).get(uri).set('Authorization', othello.auth);
      expect([atRoot.status, atRoot.text]).toEqual([200, 'the plan']);
      expect((await request(env().target).get(uri).set('Authorization', cordelia.auth)).status).toBe(403);
      expect((await request(env().target).get(uri)).status).toBe(401);
      // Under /api/v1 the same path answers a temporary URL instead, to the same readers.
      const path = uri.replace('/user_uploads', '/api/v1/user_uploads');
      const got = await othello.api('get', path);
      expect(got.body).toEqual({ result: 'success', msg: '', url: expect.stringMatching(/^\/user_uploads\/temporary\/[^/]+\/plan\.txt$/) });
      expect((await cordelia.api('get', path)).body).toEqual({ result: 'error', msg: 'You are not authorized to view this file.' });
      expect((await cordelia.api('get', path)).status).toBe(403);
      expect((await request(env().target).get(path)).status).toBe(401);
      // Uploading stays an API call.
      expect((await request(env().target).post('/user_uploads').set('Authorization', othello.auth)).status).toBe(404);

      const listed = await hamlet.api('get', '/attachments');
      const mine = (listed.body.attachments as { id: number; path_id: string }[]).find((a) => `/user_uploads/${a.path_id}` === uri);
      expect(mine).toMatchObject({ name: 'plan.txt', size: 8, messages: [{ id: sent.body.id, name: expect.any(Number) }] });
      expect(listed.body.upload_space_used).toBeGreaterThanOrEqual(8);

      expect((await othello.api('delete', `/attachments/${mine!.id}`)).body).toEqual({
        result: 'error',
        msg: 'Invalid attachment',
        code: 'BAD_REQUEST',
      });
      expect((await hamlet.api('delete', `/attachments/${mine!.id}`)).body).toEqual({ result: 'success', msg: '' });
      const removed = await queue.next('remove');
      expect(removed).toMatchObject({ attachment: { id: mine!.id } });
      expect(validAttachmentEvent(removed)).toBe(true);
      expect((await othello.api('get', path)).status).toBe(404);
      expect((await request(env().target).get(uri).set('Authorization', othello.auth)).status).toBe(404);
    });

    /** An upload of hamlet's that a private message to othello links, and its root path. */
    async function sharedUpload(name: string, content: string): Promise<{ uri: string; pathId: string }> {
      const uploaded = await hamlet.api('post', '/user_uploads').attach('file', Buffer.from(content), name);
      const uri: string = uploaded.body.uri;
      const sent = await hamlet
        .api('post', '/messages')
        .type('form')
        .send({ type: 'private', to: JSON.stringify(['othello@zulip.com']), content: `[${name}](${uri})` });
      expect(sent.status).toBe(200);
      return { uri, pathId: uri.slice('/user_uploads/'.length) };
    }

    it("answers the mobile app's request for a file with a temporary URL that serves it without credentials", async () => {
      const { uri, pathId } = await sharedUpload('minutes.pdf', '%PDF-1.4 minutes');
      // zulip-flutter's getFileTemporaryUrl, as its ApiConnection sends it: GET of `/api/v1/user_uploads/`
      // plus the link's path, an empty query (Uri.replace with queryParameters {} leaves the `?`),
      // HTTP Basic and its User-Agent; it reads `url` from the JSON answer.
      const asked = await request(env().target)
        .get(`/api/v1/user_uploads/${pathId}?`)
        .set('Authorization', othello.auth)
        .set('User-Agent', 'ZulipFlutter/30.0.263+263 (Android 14)');
      expect(asked.status).toBe(200);
      expect(asked.headers['content-type']).toMatch(/^application\/json/);
      const url: string = asked.body.url;
      expect(url).toMatch(/^\/user_uploads\/temporary\/[0-9A-Za-z._-]+\/minutes\.pdf$/);
      // The app resolves it against the realm's URL and hands it to the system's browser: no credentials.
      const opened = await request(env().target).get(new URL(url, 'http://realm.example').pathname).responseType('blob');
      expect(opened.status).toBe(200);
      expect(opened.body.toString()).toBe('%PDF-1.4 minutes');
      expect(opened.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': "inline; filename*=UTF-8''minutes.pdf",
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      });
      // The root path stays the file itself, for browsers and clients with credentials.
      expect((await request(env().target).get(uri).set('Authorization', othello.auth).responseType('blob')).body.toString()).toBe(
        '%PDF-1.4 minutes',
      );
      // A browser's session asks under /json and gets the same kind of answer.
      expect((await othello.api('get', `/user_uploads/${pathId}`)).body.url).toMatch(/^\/user_uploads\/temporary\//);
    });

    it('binds a temporary URL to its one file, refuses it once expired, forged or after the file is gone', async () => {
      const first = await sharedUpload('first.txt', 'first file');
      const second = await sharedUpload('second.txt', 'second file');
      const url: string = (await othello.api('get', `/api/v1/user_uploads/${first.pathId}`)).body.url;
      const token = url.split('/')[3]!;
      const get = (path: string) => request(env().target).get(path);
      const invalid = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
      // Another file's name with this token: Zulip's "Invalid filename".
      const renamed = await get(`/user_uploads/temporary/${token}/second.txt`);
      expect([renamed.status, renamed.body]).toEqual([400, invalid('Invalid filename')]);
      // The server's own token lives SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS (60) from now.
      const [userId, expiry, , mac] = token.split('.');
      expect(Number(expiry) * 1000).toBeGreaterThan(Date.now() + 45_000);
      expect(Number(expiry) * 1000).toBeLessThanOrEqual(Date.now() + 60_000);
      // A token edited to name another file, or another user, no longer matches its signature.
      const otherPath = Buffer.from(second.pathId).toString('base64url');
      expect((await get(`/user_uploads/temporary/${userId}.${expiry}.${otherPath}.${mac}/second.txt`)).body).toEqual(
        invalid('Invalid token'),
      );
      expect((await get(url.replace(`/temporary/${userId}.`, `/temporary/${Number(userId) + 1}.`))).body).toEqual(invalid('Invalid token'));
      expect((await get('/user_uploads/temporary/not-a-token/first.txt')).body).toEqual(invalid('Invalid token'));
      // Expiry, without waiting a minute: a token signed by the server's secret whose time is past.
      const secret = testConfig().internalSecret;
      const grant = { pathId: first.pathId, userId: Number(userId) };
      const expired = temporaryFileUrl(signFileToken(secret, grant, Date.now() - 1000), first.pathId);
      expect((await get(expired)).body).toEqual(invalid('Invalid token'));
      const fresh = temporaryFileUrl(signFileToken(secret, grant, Date.now() + 60_000), first.pathId);
      expect((await get(fresh)).text).toBe('first file');
      // Signed with any other secret, it proves nothing.
      expect(
        (await get(temporaryFileUrl(signFileToken('another-secret-0123456789abcdefghij', grant, Date.now() + 60_000), first.pathId))).body,
      ).toEqual(invalid('Invalid token'));
      // Still valid, but the file is gone: the token grants nothing any more.
      expect((await get(url)).text).toBe('first file');
      const mine = ((await hamlet.api('get', '/attachments')).body.attachments as { id: number; path_id: string }[]).find(
        (a) => a.path_id === first.pathId,
      )!;
      expect((await hamlet.api('delete', `/attachments/${mine.id}`)).status).toBe(200);
      expect((await get(url)).body).toEqual(invalid('Invalid token'));
    });
  },
  {},
  { storage: STORAGE_BACKENDS },
);

/**
 * Object storage as an operator meets it: a server that kept its files on local disk moves them
 * to a bucket with `manage copy-files-to-bucket`, restarts with S3_BUCKET and an empty local
 * folder, and serves every file exactly as before, to exactly the same readers; files stored
 * from then on land in the bucket (checked there with the SDK), never on disk. With
 * S3_SIGNED_URL_SECONDS the same checks end in a redirect to the bucket. And the distributed
 * topology's smoke test, with its services sharing the bucket. Uploads, custom emoji and avatars
 * alike: every stored file goes through the same store.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Config, ObjectStorageSettings } from '@chat/config';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, bucketObject, testConfig, testLogger, testObjectStorage } from '@chat/testing';
import { startDistributedCluster } from './distributed.harness';
import { ROOT } from './process.harness';

jest.setTimeout(180_000);

/** A 1×1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The headers a stored file is served with, which must not depend on where it is stored. */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'x-content-type-options',
  'content-security-policy',
  'cache-control',
];

type Target = Parameters<typeof request>[0];

interface Users {
  hamlet: ApiClient;
  othello: ApiClient;
  cordelia: ApiClient;
  iago: ApiClient;
}

async function login(target: Target): Promise<Users> {
  const [hamlet, othello, cordelia, iago] = await Promise.all(
    ['hamlet', 'othello', 'cordelia', 'iago'].map((name) => new ApiClient(target).loginAs(`${name}@zulip.com`)),
  );
  return { hamlet: hamlet!, othello: othello!, cordelia: cordelia!, iago: iago! };
}

/** Hamlet's upload, linked in a private message to othello: its root path and path id. */
async function sharedUpload(users: Users, name: string, content: string | Buffer): Promise<{ uri: string; pathId: string }> {
  const uploaded = await users.hamlet.api('post', '/user_uploads').attach('file', Buffer.from(content), name);
  expect(uploaded.status).toBe(200);
  const uri: string = uploaded.body.uri;
  const sent = await users.hamlet.post('/messages', {
    type: 'private',
    to: JSON.stringify(['othello@zulip.com']),
    content: `[${name}](${uri})`,
  });
  expect(sent.status).toBe(200);
  return { uri, pathId: uri.slice('/user_uploads/'.length) };
}

/** A custom emoji iago adds: its source_url and its key in the store. */
async function addEmoji(users: Users, name: string): Promise<{ sourceUrl: string; key: string }> {
  const added = await users.iago.api('post', `/realm/emoji/${name}`).attach('file', TINY_PNG, `${name}.png`);
  expect(added.body).toEqual({ result: 'success', msg: '' });
  const emoji = Object.values(
    (await users.hamlet.get('/realm/emoji')).body.emoji as Record<string, { name: string; source_url: string }>,
  ).find((e) => e.name === name)!;
  return { sourceUrl: emoji.source_url, key: emoji.source_url.slice('/user_avatars/'.length) };
}

/** The avatar `user` uploads: its URL (which carries the key after /user_avatars/ and a version). */
async function uploadAvatar(user: ApiClient): Promise<{ url: string; key: string }> {
  const uploaded = await user.api('post', '/users/me/avatar').attach('file', TINY_PNG, 'me.png');
  expect(uploaded.status).toBe(200);
  const url: string = uploaded.body.avatar_url;
  return { url, key: new URL(url, 'http://server').pathname.slice('/user_avatars/'.length) };
}

/** A stored file as a reader gets it: status, bytes and the headers that describe it. */
async function fetchFile(target: Target, path: string, auth?: string) {
  const req = request(target).get(path).responseType('blob');
  const res = await (auth ? req.set('Authorization', auth) : req);
  const headers = Object.fromEntries(
    FILE_HEADERS.filter((name) => res.headers[name] !== undefined).map((name) => [name, res.headers[name]]),
  );
  return { status: res.status, body: Buffer.from(res.body as Buffer).toString('latin1'), headers };
}

/** The S3_* variables of the settings, as an operator sets them. */
function s3Environment(settings: ObjectStorageSettings): Record<string, string> {
  return {
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: settings.endpoint,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
  };
}

/** `npm run manage` as an operator types it, in the repository. */
function manage(args: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { NODE_OPTIONS: _jestFlags, JEST_WORKER_ID: _worker, ...parentEnv } = process.env;
  return new Promise((resolve) => {
    execFile('sh', ['-c', `npm run --silent manage -- ${args}`], { cwd: ROOT, env: { ...parentEnv, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('moving a server to object storage (embedded)', () => {
  let dataDir: string;
  let settings: ObjectStorageSettings;
  let server: Standalone | undefined;
  const uploadsDir = () => join(dataDir, 'uploads');

  const start = async (overrides: Partial<Config>): Promise<Standalone> => {
    server = await startStandalone({
      config: testConfig({ dataDir, ...overrides }),
      logger: testLogger(),
      pgliteDir: join(dataDir, 'pglite'),
    });
    return server;
  };
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-object-storage-'));
    settings = await testObjectStorage();
  });
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the files to the bucket, then serves them from it alone, with the same headers to the same readers, across restarts', async () => {
    // On local disk: a PDF shown in place, an HTML page that downloads, a custom emoji, an avatar (two sizes).
    const disk = await start({});
    let users = await login(disk.app);
    const pdf = await sharedUpload(users, 'minutes.pdf', '%PDF-1.4 minutes');
    const page = await sharedUpload(users, 'page.html', '<script>alert(1)</script>');
    const emoji = await addEmoji(users, 'castle');
    const avatar = await uploadAvatar(users.hamlet);
    const reads = [
      { path: pdf.uri, auth: users.othello.auth },
      { path: page.uri, auth: users.othello.auth },
      { path: emoji.sourceUrl, auth: undefined },
      { path: avatar.url, auth: undefined },
    ];
    const fromDisk = await Promise.all(reads.map((read) => fetchFile(disk.app, read.path, read.auth)));
    expect(fromDisk.map((file) => [file.status, file.headers['content-type']])).toEqual([
      [200, 'application/pdf'],
      [200, 'application/octet-stream'],
      [200, 'image/png'],
      [200, 'image/png'],
    ]);
    const [emojiBytes, avatarBytes] = [fromDisk[2]!.body, fromDisk[3]!.body].map((body) => Buffer.from(body, 'latin1'));
    expect(existsSync(join(uploadsDir(), pdf.pathId))).toBe(true);
    await stop();

    // manage copies them, and copies nothing twice.
    const env = {
      DATA_DIR: dataDir,
      API_KEY_SECRET: testConfig().apiKeySecret,
      INTERNAL_SECRET: testConfig().internalSecret,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...s3Environment(settings),
    };
    const first = await manage('copy-files-to-bucket', env);
    expect({ code: first.code, stdout: first.stdout }).toEqual({
      code: 0,
      stdout: `Copied 5 files to bucket ${settings.bucket}; skipped 0 files it already held.\n`,
    });
    expect(first.stderr).toContain(`Copying 5 files from ${uploadsDir()} to bucket ${settings.bucket}.`);
    expect(first.stderr + first.stdout).not.toContain(settings.secretAccessKey);
    const again = await manage('copy-files-to-bucket', env);
    expect(again.stdout).toBe(`Copied 0 files to bucket ${settings.bucket}; skipped 5 files it already held.\n`);
    expect((await bucketObject(settings, pdf.pathId))?.toString()).toBe('%PDF-1.4 minutes');
    expect(await bucketObject(settings, emoji.key)).toEqual(emojiBytes);
    expect(await bucketObject(settings, avatar.key)).toEqual(avatarBytes);

    // Restarted on the bucket with no local files at all: the same answers, headers included.
    rmSync(uploadsDir(), { recursive: true });
    const bucket = await start({ objectStorage: settings });
    users = await login(bucket.app);
    for (const [i, read] of reads.entries()) {
      expect(await fetchFile(bucket.app, read.path, read.auth)).toEqual(fromDisk[i]);
    }
    // Refused as before: another user, nobody.
    const refused = await fetchFile(bucket.app, pdf.uri, users.cordelia.auth);
    expect([refused.status, refused.body]).toEqual([403, '<p>You are not authorized to view this file.</p>']);
    expect((await fetchFile(bucket.app, pdf.uri)).status).toBe(401);
    // The temporary URL of the mobile app serves it too.
    const temporary = (await users.othello.api('get', `/api/v1/user_uploads/${pdf.pathId}`)).body.url as string;
    expect(await fetchFile(bucket.app, temporary)).toEqual(fromDisk[0]);

    // What is stored now goes to the bucket, and nothing to the local folder.
    const later = await sharedUpload(users, 'later.txt', 'stored in the bucket');
    const tower = await addEmoji(users, 'tower');
    const towerFile = await fetchFile(bucket.app, tower.sourceUrl);
    const newAvatar = await uploadAvatar(users.othello);
    const newAvatarFile = await fetchFile(bucket.app, newAvatar.url);
    expect((await bucketObject(settings, later.pathId))?.toString()).toBe('stored in the bucket');
    expect((await bucketObject(settings, tower.key))?.toString('latin1')).toBe(towerFile.body);
    expect((await bucketObject(settings, newAvatar.key))?.toString('latin1')).toBe(newAvatarFile.body);
    expect(existsSync(uploadsDir())).toBe(false);
    const laterFile = await fetchFile(bucket.app, later.uri, users.othello.auth);
    expect(laterFile).toMatchObject({ status: 200, body: 'stored in the bucket', headers: { 'content-type': 'text/plain' } });
    await stop();

    // Another restart, still without a local folder: everything is still served.
    const restarted = await start({ objectStorage: settings });
    users = await login(restarted.app);
    for (const [i, read] of reads.entries()) expect(await fetchFile(restarted.app, read.path, read.auth)).toEqual(fromDisk[i]);
    expect(await fetchFile(restarted.app, later.uri, users.othello.auth)).toEqual(laterFile);
    expect(await fetchFile(restarted.app, tower.sourceUrl)).toEqual(towerFile);
    expect(await fetchFile(restarted.app, newAvatar.url)).toEqual(newAvatarFile);
    expect((await fetchFile(restarted.app, later.uri, users.cordelia.auth)).status).toBe(403);
    expect(existsSync(uploadsDir())).toBe(false);
  });

  it('with S3_SIGNED_URL_SECONDS, answers what it serves with a redirect to a presigned URL that forces its headers, and refuses as before', async () => {
    await stop();
    const signing = await start({ objectStorage: { ...settings, signedUrlSeconds: 30 } });
    const users = await login(signing.app);
    const pdf = await sharedUpload(users, 'signed.pdf', '%PDF-1.4 signed');
    const redirect = await request(signing.app).get(pdf.uri).set('Authorization', users.othello.auth);
    expect(redirect.status).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const location = new URL(redirect.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${settings.endpoint}/${settings.bucket}/${pdf.pathId}`);
    expect(Object.fromEntries([...location.searchParams].filter(([name]) => /^(X-Amz-Expires|response-)/.test(name)))).toEqual({
      'X-Amz-Expires': '30',
      'response-content-type': 'application/pdf',
      'response-content-disposition': "inline; filename*=UTF-8''signed.pdf",
    });
    const fromBucket = await fetch(location);
    expect([fromBucket.status, await fromBucket.text(), fromBucket.headers.get('content-type')]).toEqual([
      200,
      '%PDF-1.4 signed',
      'application/pdf',
    ]);
    // The access check comes first: refusals are the server's own, with no URL.
    const refused = await request(signing.app).get(pdf.uri).set('Authorization', users.cordelia.auth);
    expect([refused.status, refused.headers.location]).toEqual([403, undefined]);
    expect((await request(signing.app).get(pdf.uri)).status).toBe(401);
    // The temporary URL redirects the same way; an emoji keeps its year of caching in the bucket's answer.
    const temporary = (await users.othello.api('get', `/api/v1/user_uploads/${pdf.pathId}`)).body.url as string;
    expect((await request(signing.app).get(temporary)).status).toBe(302);
    const emoji = await addEmoji(users, 'signed_castle');
    const emojiRedirect = await request(signing.app).get(emoji.sourceUrl);
    expect([emojiRedirect.status, emojiRedirect.headers['cache-control']]).toEqual([302, 'no-store']);
    const emojiLocation = new URL(emojiRedirect.headers.location!);
    expect(emojiLocation.searchParams.get('response-cache-control')).toBe('public, max-age=31536000, immutable');
    expect(emojiLocation.searchParams.get('response-content-type')).toBe('image/png');
    const missing = await request(signing.app).get(`/user_avatars/${emoji.key.split('/')[0]}/emoji/images/999999.png`);
    expect(missing.status).toBe(404);
  });
});

describe('object storage in the distributed topology', () => {
  it('stores uploads and emoji in the bucket the services share, and serves them through the gateway to their readers only', async () => {
    const settings = await testObjectStorage();
    const cluster = await startDistributedCluster({ configOverrides: { objectStorage: settings } });
    try {
      const target = cluster.gatewayUrl;
      const users = await login(target);
      const notes = await sharedUpload(users, 'notes.txt', 'shared through the bucket');
      const emoji = await addEmoji(users, 'bucket_castle');
      expect((await bucketObject(settings, notes.pathId))?.toString()).toBe('shared through the bucket');
      const emojiFile = await fetchFile(target, emoji.sourceUrl);
      expect(emojiFile.status).toBe(200);
      expect((await bucketObject(settings, emoji.key))?.toString('latin1')).toBe(emojiFile.body);
      const served = await fetchFile(target, notes.uri, users.othello.auth);
      expect(served).toEqual({
        status: 200,
        body: 'shared through the bucket',
        headers: {
          'content-type': 'text/plain',
          'content-length': '25',
          'content-disposition': "inline; filename*=UTF-8''notes.txt",
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
        },
      });
      expect((await fetchFile(target, notes.uri, users.cordelia.auth)).status).toBe(403);
    } finally {
      await cluster.stop();
    }
  });
});

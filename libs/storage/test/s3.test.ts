/**
 * The S3 backend against the test run's S3 API server (s3rver, started by jest's global setup):
 * the FileStore contract both backends keep, the client settings S3-compatible stores need, the
 * presigned URL of the redirect option, and the one place a stored file is served from.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import request from 'supertest';
import type { ObjectStorageSettings } from '@chat/config';
import { testObjectStorage } from '@chat/testing';
import { fileStoreFor, localDirectoryStore, serveStoredFile, UPLOAD_CSP, type FileStore } from '../src';
import { presignedGetUrl, s3ClientFor, s3Store } from '../src/s3';
import { presignedSignatureMatches } from './sigv4';

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

let settings: ObjectStorageSettings;
let client: S3Client;
let root: string;

beforeAll(async () => {
  settings = await testObjectStorage();
  client = s3ClientFor(settings);
  root = mkdtempSync(join(tmpdir(), 'storage-s3-'));
});
afterAll(() => {
  client.destroy();
  rmSync(root, { recursive: true, force: true });
});

describe.each([
  ['local folder', () => localDirectoryStore(root)],
  ['S3 bucket', () => s3Store(settings, client)],
] as const)('the FileStore contract (%s)', (_name, storeOf) => {
  let store: FileStore;
  beforeAll(() => (store = storeOf()));

  it('puts, sizes, gets as a stream, replaces and deletes; a missing key is undefined, not an error', async () => {
    const key = '2/ab/cd/notes – 1.txt';
    await store.put(key, Buffer.from('hello'));
    expect(await store.size(key)).toBe(5);
    const got = await store.get(key);
    expect(got?.size).toBe(5);
    expect(await read(got!.stream)).toBe('hello');
    await store.put(key, Buffer.from('hello again'));
    expect(await read((await store.get(key))!.stream)).toBe('hello again');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    expect(await store.size(key)).toBeUndefined();
    await store.delete(key);
    expect(await store.get('2/never/stored.png')).toBeUndefined();
  });

  it('keeps binary content byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    await store.put('2/bin/data.bin', bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.get('2/bin/data.bin'))!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});

describe('s3Store', () => {
  it('stores the object under the key itself, where the SDK finds it', async () => {
    await s3Store(settings, client).put('7/emoji/images/12.png', Buffer.from('png bytes'));
    const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: '7/emoji/images/12.png' }));
    expect(await object.Body!.transformToString()).toBe('png bytes');
  });

  it('sends checksums only where S3 requires them, so S3-compatible stores keep the bytes as sent', async () => {
    // The SDK's default frames a streamed upload as aws-chunked with a CRC32 trailer; s3rver, like
    // other S3-compatible stores, keeps that framing as the content. Ours sends the bytes alone.
    const body = () => Readable.from([Buffer.from('abc')]);
    const defaults = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
    try {
      await defaults.send(new PutObjectCommand({ Bucket: settings.bucket, Key: 'framed', Body: body(), ContentLength: 3 }));
      const framed = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: 'framed' }));
      expect(await framed.Body!.transformToString()).not.toBe('abc');
    } finally {
      defaults.destroy();
    }
    await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: 'plain', Body: body(), ContentLength: 3 }));
    const plain = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: 'plain' }));
    expect(await plain.Body!.transformToString()).toBe('abc');
    expect(await client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
  });

  it('signs URLs only when S3_SIGNED_URL_SECONDS is set', () => {
    expect(s3Store(settings, client).signedUrl).toBeUndefined();
    expect(s3Store({ ...settings, signedUrlSeconds: 30 }, client).signedUrl).toBeInstanceOf(Function);
  });

  it('fails loudly on a bucket that does not exist (a missing key is the only undefined)', async () => {
    const store = s3Store({ ...settings, bucket: 'no-such-bucket' }, client);
    await expect(store.get('1/x.txt')).rejects.toThrow('The specified bucket does not exist');
    await expect(store.put('1/x.txt', Buffer.from('x'))).rejects.toThrow('The specified bucket does not exist');
  });
});

describe('fileStoreFor', () => {
  it('is the bucket when S3 is configured, else the local folder', async () => {
    const local = fileStoreFor({ objectStorage: null, uploadsDir: root, dataDir: '/nonexistent' });
    await local.put('1/local.txt', Buffer.from('on disk'));
    expect(await localDirectoryStore(root).size('1/local.txt')).toBe(7);
    const bucket = fileStoreFor({ objectStorage: settings, uploadsDir: root, dataDir: '/nonexistent' });
    await bucket.put('1/remote.txt', Buffer.from('in the bucket'));
    expect(await localDirectoryStore(root).size('1/remote.txt')).toBeUndefined();
    expect(await s3Store(settings, client).size('1/remote.txt')).toBe(13);
  });

  it('loads the AWS SDK only once a bucket store is used', () => {
    const loadedSdk = (storage: string) => {
      const script =
        `const files = require('./src/index.ts').fileStoreFor({ objectStorage: ${storage}, uploadsDir: ${JSON.stringify(root)}, dataDir: '' });` +
        "const sdk = () => Object.keys(require.cache).some((path) => path.includes('@aws-sdk'));" +
        "const before = sdk(); files.size('1/none').catch(() => undefined).finally(() => console.log(JSON.stringify([before, sdk()])));";
      const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: join(__dirname, '..'), encoding: 'utf8' });
      return JSON.parse(run.stdout.trim()) as [boolean, boolean];
    };
    expect(loadedSdk('null')).toEqual([false, false]);
    expect(loadedSdk(JSON.stringify(settings))).toEqual([false, true]);
  });
});

describe('presignedGetUrl', () => {
  it('signs a GET valid the given seconds from now, with the response headers forced in the signature', async () => {
    await s3Store(settings, client).put('3/ab/report.pdf', Buffer.from('%PDF'));
    const before = Date.now();
    const response = { contentType: 'application/pdf', contentDisposition: "inline; filename*=UTF-8''report%20%C3%A9.pdf" };
    const url = new URL(await presignedGetUrl(client, settings.bucket, '3/ab/report.pdf', { ...response, cacheControl: 'no-cache' }, 45));
    expect(url.origin + url.pathname).toBe(`${settings.endpoint}/${settings.bucket}/3/ab/report.pdf`);
    const query = url.searchParams;
    expect(query.get('X-Amz-Expires')).toBe('45');
    // X-Amz-Date is the signing time (basic ISO 8601): the URL works until it plus X-Amz-Expires.
    const signedAt = Date.parse(query.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(signedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(signedAt).toBeLessThanOrEqual(Date.now());
    expect(query.get('response-content-type')).toBe('application/pdf');
    expect(query.get('response-content-disposition')).toBe(response.contentDisposition);
    expect(query.get('response-cache-control')).toBe('no-cache');
    expect(query.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    // Signed as S3 checks it, the forced headers included: a URL changed to ask for another type,
    // disposition or lifetime no longer matches (s3rver does not check v4 signatures; S3 does).
    expect(presignedSignatureMatches(url, settings.secretAccessKey)).toBe(true);
    expect(presignedSignatureMatches(url, 'another secret')).toBe(false);
    for (const [name, value] of [
      ['response-content-type', 'text/html'],
      ['response-content-disposition', 'inline'],
      ['X-Amz-Expires', '3600'],
    ] as const) {
      const changed = new URL(url);
      changed.searchParams.set(name, value);
      expect({ name, matches: presignedSignatureMatches(changed, settings.secretAccessKey) }).toEqual({ name, matches: false });
    }
    // The bucket serves it with those headers.
    const served = await fetch(url);
    expect([served.status, await served.text()]).toEqual([200, '%PDF']);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(response.contentDisposition);
  });
});

describe('serveStoredFile', () => {
  let server: Server;
  let store: FileStore;
  const file = { key: '4/cd/page.html', contentType: 'application/octet-stream', fileName: 'page.html', inline: false };

  beforeAll(async () => {
    server = createServer((req, res) => {
      void serveStoredFile(res, store, { ...file, key: req.url === '/missing' ? '4/none' : file.key }).then((served) => {
        if (!served) res.writeHead(404).end('missing');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const target = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const HEADERS = {
    'content-type': 'application/octet-stream',
    'content-length': '21',
    'content-disposition': "attachment; filename*=UTF-8''page.html",
    'x-content-type-options': 'nosniff',
    'content-security-policy': UPLOAD_CSP,
  };

  it.each([
    ['local folder', () => localDirectoryStore(root)],
    ['S3 bucket', () => s3Store(settings, client)],
  ] as const)(
    'streams a file with the same headers from either store (%s), and tells the caller of a missing one',
    async (_name, storeOf) => {
      store = storeOf();
      await store.put(file.key, Buffer.from('<script>x()</script>\n'));
      const res = await request(target()).get('/');
      expect(res.status).toBe(200);
      expect(res.headers).toMatchObject(HEADERS);
      expect(res.headers['cache-control']).toBeUndefined();
      expect((await request(target()).get('/missing')).text).toBe('missing');
    },
  );

  it('redirects to a presigned URL, never cached, when the store signs URLs', async () => {
    store = s3Store({ ...settings, signedUrlSeconds: 20 }, client);
    await store.put(file.key, Buffer.from('<script>x()</script>\n'));
    const res = await request(target()).get('/');
    expect(res.status).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location!);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('20');
    expect(location.searchParams.get('response-content-type')).toBe(HEADERS['content-type']);
    expect(location.searchParams.get('response-content-disposition')).toBe(HEADERS['content-disposition']);
    const fromBucket = await fetch(location);
    expect(fromBucket.headers.get('content-type')).toBe(HEADERS['content-type']);
    expect(fromBucket.headers.get('content-disposition')).toBe(HEADERS['content-disposition']);
    expect(await fromBucket.text()).toBe('<script>x()</script>\n');
    expect((await request(target()).get('/missing')).text).toBe('missing');
  });
});

/**
 * The test run's S3 API server: global setup starts s3rver (a local implementation of S3's API
 * over a folder) on a free port and hands its endpoint to the test files through TEST_S3_ENDPOINT;
 * a suite that runs against the S3 backend takes a bucket of its own from testObjectStorage.
 * s3rver knows one access key id (S3RVER) and refuses others, but checks no Signature Version 4
 * signature and no checksum: what a real store would check of our requests is tested without it
 * (libs/storage/test/s3.test.ts verifies presigned URLs' signatures itself).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import type { Config, ObjectStorageSettings } from '@chat/config';
import { templateGoes, testRunId } from './run-id';

/** How test files find the run's S3 server. */
const ENDPOINT_VARIABLE = 'TEST_S3_ENDPOINT';
/** s3rver's own key pair: the only access key id it accepts. */
const S3RVER_KEY = 'S3RVER';
const PREFIX = 'chat-s3rver-';
const folderOf = (runId = testRunId()) => join(tmpdir(), `${PREFIX}${runId}`);

interface RunningS3rver {
  close(): Promise<void>;
}

/** Global setup: an S3 server over this run's folder (those of killed runs go first). */
export async function startTestS3Server(): Promise<RunningS3rver> {
  removeS3Folders({ thisRun: false });
  const directory = folderOf();
  mkdirSync(directory, { recursive: true });
  // Loaded here only: s3rver is a development dependency of this package alone.
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  process.env[ENDPOINT_VARIABLE] = `http://127.0.0.1:${port}`;
  return { close: () => server.close() };
}

/** This run's folder (teardown), or those of runs whose process is gone (setup). */
export function removeS3Folders(options: { thisRun: boolean }): void {
  for (const entry of readdirSync(tmpdir()).filter((name) => name.startsWith(PREFIX))) {
    if (templateGoes(entry.slice(PREFIX.length), options)) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  }
}

/** The bucket settings of the run's S3 server for `bucket` (none created). */
export function testS3Settings(bucket: string, overrides: Partial<ObjectStorageSettings> = {}): ObjectStorageSettings {
  const endpoint = process.env[ENDPOINT_VARIABLE];
  if (!endpoint) throw new Error(`${ENDPOINT_VARIABLE} is unset: the S3 server is started by jest's global setup (libs/testing)`);
  return {
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
    signedUrlSeconds: 0,
    ...overrides,
  };
}

/**
 * A client of the run's S3 server built here with the SDK alone (the SDK's own checksum defaults),
 * so what a test reads back through it does not depend on the product's client settings.
 */
function directClient(settings: ObjectStorageSettings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
}

/** Settings naming a new, empty bucket of the run's S3 server, for one suite (or one test). */
export async function testObjectStorage(overrides: Partial<ObjectStorageSettings> = {}): Promise<ObjectStorageSettings> {
  const settings = testS3Settings(`test-${randomBytes(6).toString('hex')}`, overrides);
  const client = directClient(settings);
  try {
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  } finally {
    client.destroy();
  }
  return settings;
}

/** The bytes the bucket holds under `key`, read with the SDK (not through the server); undefined when none. */
export async function bucketObject(settings: ObjectStorageSettings, key: string): Promise<Buffer | undefined> {
  const client = directClient(settings);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (err) {
    if (err instanceof NoSuchKey) return undefined;
    throw err;
  } finally {
    client.destroy();
  }
}

/** Where a suite keeps its stored files: the local folder (the default) or a bucket of the run's S3 server. */
export type StorageBackend = 'disk' | 's3';
export const STORAGE_BACKENDS: readonly StorageBackend[] = ['disk', 's3'];

/** The configuration overrides of a backend: none for the local folder, a new bucket for S3. */
export async function storageOverrides(backend: StorageBackend): Promise<Partial<Config>> {
  return backend === 's3' ? { objectStorage: await testObjectStorage() } : {};
}

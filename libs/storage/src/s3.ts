/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph's RGW...), for when replicas share no
 * volume. Keys are the callers' relative paths, used as object keys unchanged.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStorageSettings } from '@chat/config';
import type { FileStore, SignedResponse } from './store';

/**
 * The client for the settings. Checksums only where S3 requires them: the SDK's default (a CRC32
 * on every upload, sent as an aws-chunked trailer, and checked on every download) is refused or
 * mangled by many S3-compatible stores.
 */
export function s3ClientFor(settings: ObjectStorageSettings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Whether S3 answered that there is no such object: GET's NoSuchKey, HEAD's bodiless 404 (named
 * NotFound). A missing bucket (NoSuchBucket) is a misconfiguration, and stays an error.
 */
function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}

async function unlessMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/** Files in the settings' bucket; with signedUrlSeconds, the store also hands out presigned URLs. */
export function s3Store(settings: ObjectStorageSettings, client: S3Client = s3ClientFor(settings)): FileStore {
  const Bucket = settings.bucket;
  const store: FileStore = {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }));
    },
    async get(key) {
      const object = await unlessMissing(client.send(new GetObjectCommand({ Bucket, Key: key })));
      if (!object?.Body) return undefined;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async size(key) {
      const head = await unlessMissing(client.send(new HeadObjectCommand({ Bucket, Key: key })));
      return head ? (head.ContentLength ?? 0) : undefined;
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success already.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
  if (settings.signedUrlSeconds > 0)
    store.signedUrl = (key, response) => presignedGetUrl(client, Bucket, key, response, settings.signedUrlSeconds);
  return store;
}

/**
 * A GET of the object valid `seconds`, signed with the response headers it must be served with:
 * the bucket answers it with exactly the type, disposition and caching the server decided, and
 * a changed one no longer matches the signature.
 */
export function presignedGetUrl(client: S3Client, bucket: string, key: string, response: SignedResponse, seconds: number): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentType: response.contentType,
    ResponseContentDisposition: response.contentDisposition,
    ...(response.cacheControl ? { ResponseCacheControl: response.cacheControl } : {}),
  });
  return getSignedUrl(client, command, { expiresIn: seconds });
}

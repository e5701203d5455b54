/**
 * Where stored files (message uploads, custom emoji, avatars, realm icons) live. One small
 * interface with two implementations, chosen by fileStoreFor from the configuration: a local
 * directory (DATA_DIR/uploads in the embedded topology, or UPLOADS_DIR, a volume every replica
 * mounts) or an S3-compatible bucket (S3_BUCKET, ./s3.ts).
 * Keys are relative slash-separated paths the caller builds (e.g. `2/ab/Xy…/file.txt`).
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config, ObjectStorageSettings } from '@chat/config';
import type { FileStore } from './store';

export type { FileStore, SignedResponse, StoredFile } from './store';

/** The store the configuration names: its bucket when S3_BUCKET is set, else the local folder. */
export function fileStoreFor(config: Pick<Config, 'objectStorage' | 'uploadsDir' | 'dataDir'>): FileStore {
  return config.objectStorage ? bucketStore(config.objectStorage) : localDirectoryStore(uploadsDirOf(config));
}

/**
 * The bucket's store, with the AWS SDK loaded at its first use: the SDK costs every process about
 * 125 ms and 5 MB at start, which a server keeping its files on disk should not pay.
 */
function bucketStore(settings: ObjectStorageSettings): FileStore {
  let loaded: Promise<FileStore> | undefined;
  const s3 = () => (loaded ??= import('./s3').then((module) => module.s3Store(settings)));
  const store: FileStore = {
    put: async (key, data) => (await s3()).put(key, data),
    get: async (key) => (await s3()).get(key),
    size: async (key) => (await s3()).size(key),
    delete: async (key) => (await s3()).delete(key),
  };
  if (settings.signedUrlSeconds > 0) {
    store.signedUrl = async (key, response) => {
      const bucket = await s3();
      return bucket.signedUrl!(key, response);
    };
  }
  return store;
}

/** The folder files are kept in: UPLOADS_DIR, else DATA_DIR/uploads. */
export function uploadsDirOf(config: { uploadsDir: string; dataDir: string }): string {
  return config.uploadsDir || join(config.dataDir, 'uploads');
}

/** Files under `root` on a local or mounted file system. */
export function localDirectoryStore(root: string): FileStore {
  const base = normalize(root);
  const pathOf = (key: string) => {
    const path = normalize(join(base, key));
    if (!path.startsWith(base.endsWith(sep) ? base : base + sep)) throw new Error(`storage key outside the root: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed, so a reader on another replica never sees half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(partial, data);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      const size = await fileSize(path);
      return size === undefined ? undefined : { stream: createReadStream(path), size };
    },
    size: (key) => fileSize(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
/** The size of the regular file at `path`; undefined when there is none. */
async function fileSize(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export * from './serve';
export * from './temporary-urls';
export * from './headers';

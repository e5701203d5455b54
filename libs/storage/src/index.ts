/**
 * Where uploaded files (message uploads, custom emoji) live. One small interface so that the
 * embedded topology (a directory under DATA_DIR) and the distributed one (a volume mounted on
 * every replica, UPLOADS_DIR) share the code, and an S3-compatible object store can be added
 * later as another implementation.
 * Keys are relative slash-separated paths the caller builds (e.g. `2/ab/Xy…/file.txt`).
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStore {
  /** Stores (or replaces) the bytes under `key`. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file as a stream, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
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
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        return { stream: createReadStream(path), size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
export * from './temporary-urls';
export * from './headers';

/**
 * manage copy-files-to-bucket against a bucket of the test run's S3 server: every local file
 * under the same key, none twice, a changed one again; nothing to do without S3_BUCKET.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ObjectStorageSettings } from '@chat/config';
import { fileStoreFor, uploadsDirOf } from '@chat/storage';
import { bucketObject, testObjectStorage } from '@chat/testing';
import { settingsContext } from '../src/app';
import { runCommand } from '../src/cli';
import { startSettings, type Harness } from './helpers';

describe('manage copy-files-to-bucket', () => {
  let h: Harness;
  let settings: ObjectStorageSettings;

  beforeAll(async () => {
    h = await startSettings();
    settings = await testObjectStorage();
  });
  afterAll(() => h.close());

  async function manage(objectStorage: ObjectStorageSettings | null, ...argv: string[]): Promise<string[]> {
    const lines: string[] = [];
    const io = {
      out: (line: string) => void lines.push(line),
      err: () => undefined,
      readPassword: async () => '',
      writePrivateFile: () => undefined,
    };
    const config = { ...h.config, objectStorage };
    const files = objectStorage ? fileStoreFor({ objectStorage, uploadsDir: '', dataDir: '' }) : undefined;
    await runCommand(settingsContext({ ...h.deps, config, ...(files ? { files } : {}) }), argv, io);
    return lines;
  }

  function write(root: string, key: string, content: string): void {
    mkdirSync(join(root, ...key.split('/').slice(0, -1)), { recursive: true });
    writeFileSync(join(root, ...key.split('/')), content);
  }

  it('copies every local file under its key, skips what the bucket holds, and copies a changed one again', async () => {
    const root = uploadsDirOf(h.config);
    write(root, '2/ab/Xy12/report.pdf', '%PDF report');
    write(root, '2/emoji/images/7.png', 'png');
    write(root, '2/avatars/hamlet.png', 'avatar');
    // A write in progress (localDirectoryStore renames it into place when done) is not a file yet.
    write(root, '2/ab/Zz34/half.txt.0123abcd.part', 'half');
    const done = `Copied 3 files to bucket ${settings.bucket}; skipped 0 files it already held.`;
    expect(await manage(settings, 'copy-files-to-bucket')).toEqual([done]);
    expect((await bucketObject(settings, '2/ab/Xy12/report.pdf'))?.toString()).toBe('%PDF report');
    expect((await bucketObject(settings, '2/emoji/images/7.png'))?.toString()).toBe('png');
    expect((await bucketObject(settings, '2/avatars/hamlet.png'))?.toString()).toBe('avatar');
    expect(await bucketObject(settings, '2/ab/Zz34/half.txt.0123abcd.part')).toBeUndefined();

    expect(await manage(settings, 'copy-files-to-bucket')).toEqual([
      `Copied 0 files to bucket ${settings.bucket}; skipped 3 files it already held.`,
    ]);
    write(root, '2/avatars/hamlet.png', 'a new avatar');
    expect(await manage(settings, 'copy-files-to-bucket')).toEqual([
      `Copied 1 file to bucket ${settings.bucket}; skipped 2 files it already held.`,
    ]);
    expect((await bucketObject(settings, '2/avatars/hamlet.png'))?.toString()).toBe('a new avatar');
  });

  it('copies from --from, counts an empty or missing folder as nothing to copy, and refuses without S3_BUCKET', async () => {
    const other = mkdtempSync(join(tmpdir(), 'copy-from-'));
    try {
      const bucket = await testObjectStorage();
      write(other, '3/cd/elsewhere.txt', 'from elsewhere');
      expect(await manage(bucket, 'copy-files-to-bucket', '--from', other)).toEqual([
        `Copied 1 file to bucket ${bucket.bucket}; skipped 0 files it already held.`,
      ]);
      expect((await bucketObject(bucket, '3/cd/elsewhere.txt'))?.toString()).toBe('from elsewhere');
      expect(await manage(bucket, 'copy-files-to-bucket', '--from', join(other, 'none'))).toEqual([
        `Copied 0 files to bucket ${bucket.bucket}; skipped 0 files it already held.`,
      ]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    await expect(manage(null, 'copy-files-to-bucket')).rejects.toThrow(
      'S3_BUCKET is not set: files are stored in the local folder already.',
    );
  });
});

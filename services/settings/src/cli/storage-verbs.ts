/**
 * Stored files: copy-files-to-bucket moves a server that kept its files on local disk (UPLOADS_DIR,
 * or DATA_DIR/uploads) to the S3-compatible bucket it is now configured with (S3_BUCKET). Every
 * file is copied under the same key; one the bucket already holds at the same size is skipped,
 * so an interrupted copy is finished by running it again.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { localDirectoryStore, uploadsDirOf } from '@chat/storage';
import { fail, optional, type Verb } from './command';

/** Every regular file under `root`, as store keys; the half-written `.part` files of a write in progress are left out. */
async function localKeys(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const files = (count: number) => `${count} file${count === 1 ? '' : 's'}`;

export const storageVerbs: Verb[] = [
  {
    name: 'copy-files-to-bucket',
    usage: '[--from DIR]',
    options: { from: { type: 'string' } },
    async run(ctx, args, io) {
      const bucket = ctx.config.objectStorage?.bucket ?? fail('S3_BUCKET is not set: files are stored in the local folder already.');
      const root = optional(args, 'from') || uploadsDirOf(ctx.config);
      const local = localDirectoryStore(root);
      const keys = await localKeys(root);
      io.err(`Copying ${files(keys.length)} from ${root} to bucket ${bucket}.`);
      let copied = 0;
      let skipped = 0;
      for (const key of keys) {
        const size = await local.size(key);
        if (size === undefined) continue;
        if ((await ctx.files.size(key)) === size) {
          skipped += 1;
          continue;
        }
        await ctx.files.put(key, await readFile(join(root, ...key.split('/'))));
        copied += 1;
      }
      io.out(`Copied ${files(copied)} to bucket ${bucket}; skipped ${files(skipped)} it already held.`);
    },
  },
];

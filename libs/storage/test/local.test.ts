import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { localDirectoryStore } from '../src';

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('localDirectoryStore', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'storage-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('puts, gets as a stream and deletes', async () => {
    const store = localDirectoryStore(root);
    await store.put('2/ab/cd/file.txt', Buffer.from('hello'));
    const got = await store.get('2/ab/cd/file.txt');
    expect(got?.size).toBe(5);
    expect(await read(got!.stream)).toBe('hello');
    await store.delete('2/ab/cd/file.txt');
    expect(await store.get('2/ab/cd/file.txt')).toBeUndefined();
    await store.delete('2/ab/cd/file.txt');
  });

  it('refuses keys outside the root and finds nothing for directories', async () => {
    const store = localDirectoryStore(root);
    await expect(store.put('../escape.txt', Buffer.from('x'))).rejects.toThrow('outside the root');
    await store.put('1/x/y.txt', Buffer.from('x'));
    expect(await store.get('1/x')).toBeUndefined();
  });
});

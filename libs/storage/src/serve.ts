/**
 * Serving a stored file once the caller has decided the reader may have it: the one place every
 * stored file (an upload at its root path or temporary URL, a custom emoji) leaves the server,
 * with the same headers whichever store holds it.
 */
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { storedFileHeaders, type ServedFile } from './headers';
import type { FileStore } from './store';

export interface FileToServe extends Omit<ServedFile, 'size'> {
  /** Its key in the store. */
  key: string;
  /** Cache-Control, when the file may be cached (none: the browser's default). */
  cacheControl?: string;
}

/**
 * Answers the file: streamed through the server with storedFileHeaders, or, when the store signs
 * URLs (S3_SIGNED_URL_SECONDS), a redirect to a URL the bucket serves it at for a few seconds,
 * with the type and disposition forced in the signature. The redirect itself is never cached: a
 * cached one would outlive the URL, and the access check it passed.
 * False, with nothing sent, when the store has no such file: the caller answers that.
 */
export async function serveStoredFile(res: ServerResponse, store: FileStore, file: FileToServe): Promise<boolean> {
  const { key, cacheControl, ...served } = file;
  if (store.signedUrl) {
    const size = await store.size(key);
    if (size === undefined) return false;
    const headers = storedFileHeaders({ ...served, size });
    const url = await store.signedUrl(key, {
      contentType: headers['Content-Type'],
      contentDisposition: headers['Content-Disposition'],
      cacheControl,
    });
    res.writeHead(302, { Location: url, 'Cache-Control': 'no-store', 'Content-Length': '0' });
    res.end();
    return true;
  }
  const stored = await store.get(key);
  if (!stored) return false;
  res.statusCode = 200;
  const headers = { ...storedFileHeaders({ ...served, size: stored.size }), ...(cacheControl ? { 'Cache-Control': cacheControl } : {}) };
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  await pipeline(stored.stream, res).catch(() => res.destroy());
  return true;
}

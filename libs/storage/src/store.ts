/**
 * What a file store is: the interface both backends implement (./index.ts's local folder and
 * ./s3.ts's bucket) and the serving step uses (./serve.ts), in a file of its own so that neither
 * imports the module that chooses between them.
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStore {
  /** Stores (or replaces) the bytes under `key`. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file as a stream, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** The file's size in bytes, without reading it; undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Present when files are served by redirect (S3_SIGNED_URL_SECONDS): a URL that serves the file
   * to anyone for a few seconds, with these response headers.
   */
  signedUrl?(key: string, response: SignedResponse): Promise<string>;
}

/** The response headers a signed URL forces: what the server decided, not what was stored. */
export interface SignedResponse {
  contentType: string;
  contentDisposition: string;
  cacheControl?: string;
}

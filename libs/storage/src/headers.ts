/**
 * The headers a stored file is served with, wherever it is served from (uploads, their temporary
 * URLs, custom emoji), streamed from whichever store holds it (./serve.ts): files share the web client's origin, so a file opened directly runs no
 * script, submits no form and reaches nothing (a sandboxed, opaque origin), whatever it claims
 * to be, and its type is never sniffed.
 */

/** The policy of a stored file served to a browser: sandboxed, loading nothing but itself. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export interface ServedFile {
  /** The type it is served as; application/octet-stream for a type a browser must not show. */
  contentType: string;
  size: number;
  /** The name a download gets. */
  fileName: string;
  /** Shown in place (a type from the caller's inline list), or downloaded. */
  inline: boolean;
}

export interface StoredFileHeaders extends Record<string, string> {
  'Content-Type': string;
  'Content-Length': string;
  'Content-Disposition': string;
  'X-Content-Type-Options': string;
  'Content-Security-Policy': string;
}

export function storedFileHeaders(file: ServedFile): StoredFileHeaders {
  return {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': UPLOAD_CSP,
  };
}

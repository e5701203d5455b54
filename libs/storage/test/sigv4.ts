/**
 * Checks a presigned S3 URL's signature as S3 does (Signature Version 4, query authentication),
 * for the tests: the local S3 server (s3rver) accepts any v4 signature, so whether a URL's
 * forced response headers are covered by its signature is checked here instead.
 */
import { createHash, createHmac } from 'node:crypto';

/** RFC 3986 encoding, as SigV4 canonicalizes names and values. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whether `url` carries the signature `secret` gives the GET it describes (its only signed header being host). */
export function presignedSignatureMatches(url: URL, secret: string): boolean {
  const query = [...url.searchParams].filter(([name]) => name !== 'X-Amz-Signature');
  const canonicalQuery = query
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = ['GET', canonicalPath, canonicalQuery, `host:${url.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const date = url.searchParams.get('X-Amz-Date') ?? '';
  const scope = (url.searchParams.get('X-Amz-Credential') ?? '').split('/').slice(1).join('/');
  const [day = '', region = '', service = ''] = scope.split('/');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === url.searchParams.get('X-Amz-Signature');
}

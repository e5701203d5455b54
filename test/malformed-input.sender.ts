/**
 * Puts a generated request on the wire byte for byte. node:http sends the path as given, so the
 * percent-encoded bytes arrive unnormalised (supertest and fetch would re-encode them).
 */
import { Agent, request } from 'node:http';
import { basicAuth } from '@chat/testing';
import { publicPrefix, type Field, type FuzzRequest } from './malformed-input.requests';
import { percentEncode } from './malformed-input.values';

export interface Credentials {
  member: { email: string; apiKey: string };
  admin: { email: string; apiKey: string };
  /** An incoming-webhook bot's key, for /external/<integration>. */
  webhookBotKey: string;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** Bytes of the request line's target: Node's parser answers 431 itself past 16 KB of head. */
  targetBytes: number;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
/** Just over the form parsers' 1 MB limit. */
const OVERSIZED_BYTES = 1024 * 1024 + 4096;

const encodeFields = (fields: Field[]): Buffer =>
  Buffer.from(fields.map(([name, value]) => `${percentEncode(Buffer.from(name))}=${percentEncode(value)}`).join('&'));

function multipart(fields: Field[], file: Buffer | null): Buffer {
  const quoted = (name: string) => name.replace(/["\r\n]/g, '_');
  const parts = fields.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n`),
      value,
      Buffer.from('\r\n'),
    ]),
  );
  if (file) {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`;
    parts.push(Buffer.concat([Buffer.from(head), file, Buffer.from('\r\n')]));
  }
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function asJson(fields: Field[]): Buffer {
  return Buffer.from(JSON.stringify(Object.fromEntries(fields.map(([name, value]) => [name, value.toString('utf8')]))));
}

/** The body bytes and their headers for the request's framing. */
function framedBody(req: FuzzRequest): { body: Buffer | null; headers: Record<string, string> } {
  const fields = req.body;
  const content = req.payload ?? encodeFields(fields);
  switch (req.framing) {
    case 'none':
      return { body: null, headers: {} };
    case 'form':
      return { body: content, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    case 'multipart':
      return { body: multipart(fields, req.payload), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
    case 'json':
      return { body: req.payload ?? asJson(fields), headers: { 'content-type': 'application/json' } };
    case 'text':
      return { body: content, headers: { 'content-type': 'text/plain' } };
    case 'oversized': {
      const padding = Buffer.concat([Buffer.from('&padding='), Buffer.alloc(OVERSIZED_BYTES, 0x61)]);
      return { body: Buffer.concat([content, padding]), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    case 'no-boundary':
      return { body: content, headers: { 'content-type': 'multipart/form-data' } };
    case 'latin1':
      return { body: content, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=latin1' } };
    case 'false-gzip':
      return { body: content, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' } };
  }
}

function authorization(req: FuzzRequest, creds: Credentials): { header?: string; apiKeyParam?: string } {
  const webhook = req.target.route.auth === 'webhook';
  const pick = (user: { email: string; apiKey: string }, key: string) =>
    webhook ? { apiKeyParam: key } : { header: basicAuth(user.email, user.apiKey) };
  switch (req.caller) {
    case 'member':
      return pick(creds.member, creds.webhookBotKey);
    case 'admin':
      return pick(creds.admin, creds.admin.apiKey);
    case 'none':
      return {};
    case 'wrong-key':
      return pick({ email: creds.member.email, apiKey: 'x'.repeat(32) }, 'x'.repeat(32));
    case 'garbage-header':
      return webhook ? { apiKeyParam: '\u0000🙂' } : { header: `Basic ${Buffer.from('\u0000🙂:\ud800').toString('base64')}=` };
  }
}

export function send(agent: Agent, port: number, req: FuzzRequest, creds: Credentials): Promise<Answer> {
  const auth = authorization(req, creds);
  const query = auth.apiKeyParam === undefined ? req.query : [...req.query, ['api_key', Buffer.from(auth.apiKeyParam)] as Field];
  const search = query.length > 0 ? `?${encodeFields(query).toString()}` : '';
  const { body, headers } = framedBody(req);
  if (auth.header) headers.authorization = auth.header;
  if (body) headers['content-length'] = String(body.length);
  const path = `${publicPrefix(req)}${req.path}${search}`;
  return new Promise((resolve, reject) => {
    const outgoing = request({ agent, host: '127.0.0.1', port, method: req.target.route.method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          targetBytes: path.length,
        }),
      );
      res.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}

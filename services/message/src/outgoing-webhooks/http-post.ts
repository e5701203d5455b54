/**
 * One POST to an outgoing webhook: to a checked address only (@chat/outbound's address guard), no redirects
 * followed (a redirect could point anywhere), under one deadline from connect to the last byte,
 * reading at most MAX_RESPONSE_BYTES of the answer.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkLiteralHost, guardedLookup, type AddressPolicy } from '@chat/outbound';

/** Bot replies are messages (10,000 characters at most); a larger answer is not one. */
const MAX_RESPONSE_BYTES = 256 * 1024;

export interface PostBody {
  contentType: string;
  data: string;
}

export interface WebhookAnswer {
  status: number;
  body: string;
}

/** No answer came (refused, reset, unresolvable, too slow): worth another try. */
export class WebhookConnectionError extends Error {}

export interface PostOptions {
  policy: AddressPolicy;
  timeoutMs: number;
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_RESPONSE_BYTES) {
        res.destroy(new Error(`the response is larger than ${MAX_RESPONSE_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}

/** Resolves with any status; throws WebhookConnectionError, BlockedAddressError, or Error for a bad answer. */
export async function postToWebhook(url: string, body: PostBody, options: PostOptions): Promise<WebhookAnswer> {
  const target = new URL(url);
  checkLiteralHost(options.policy, target.hostname);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const payload = Buffer.from(body.data, 'utf8');
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(options.policy),
        signal,
        agent: false,
        headers: { 'content-type': body.contentType, 'content-length': payload.length, 'user-agent': 'ZulipOutgoingWebhook/2.1' },
      },
      (res) => {
        readBody(res).then(
          (text) => resolve({ status: res.statusCode ?? 0, body: text }),
          (err: Error) => reject(signal.aborted ? new WebhookConnectionError(`no answer within ${options.timeoutMs} ms`) : err),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EBLOCKEDADDRESS') return reject(err);
      if (signal.aborted) return reject(new WebhookConnectionError(`no answer within ${options.timeoutMs} ms`));
      reject(new WebhookConnectionError(err.message));
    });
    req.end(payload);
  });
}

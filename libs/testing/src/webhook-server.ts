import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookAnswerSpec {
  status: number;
  body?: string;
}

export interface TestWebhookServer {
  url: string;
  requests: ReceivedRequest[];
  /** How the server answers each request from now on (200 with an empty body by default). */
  answerWith(answer: (request: ReceivedRequest) => WebhookAnswerSpec): void;
  close(): Promise<void>;
}

/** A local HTTP endpoint for outgoing-webhook tests: it keeps every request and answers as told. */
export async function startWebhookServer(): Promise<TestWebhookServer> {
  const requests: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest) => WebhookAnswerSpec = () => ({ status: 200 });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      const reply = answer(received);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    answerWith: (next) => void (answer = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

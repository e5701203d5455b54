import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { startIngress } from '../deploy/local/ingress';

jest.setTimeout(15_000);

/** The local runner's ingress routes as k8s/base/ingress.yaml does. */
describe('deploy/local ingress', () => {
  const servers: Server[] = [];
  let ingressUrl = '';
  let upstreamRequests = 0;

  /** An upstream that answers with its name, the path, the Host it saw and the body it got. */
  async function upstream(name: string): Promise<string> {
    const server = createServer((req, res) => {
      upstreamRequests += 1;
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': name });
        res.end(JSON.stringify({ name, url: req.url, host: req.headers.host, auth: req.headers.authorization, body }));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const routes = { eventQueue: [await upstream('eq1'), await upstream('eq2')], gateway: await upstream('gateway') };
    const ingress = await startIngress(0, '127.0.0.1', routes);
    servers.push(ingress);
    ingressUrl = `http://127.0.0.1:${(ingress.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  function call(method: string, path: string, body?: string) {
    return new Promise<{ status: number; body: Record<string, string> }>((resolve, reject) => {
      // Node frames a DELETE body only when told its length.
      const headers = {
        host: 'zulip.example.com',
        authorization: 'Basic abc',
        ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
      };
      const req = request(`${ingressUrl}${path}`, { method, headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, string> }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('sends /register and /events to the event tier in turn, with the query, Host, credentials and body', async () => {
    const names = [];
    const polls = [
      ['POST', '/api/v1/register'],
      ['GET', '/api/v1/events?queue_id=1%3A2&last_event_id=-1'],
      ['DELETE', '/api/v1/events'],
      // The web client's, under its prefix.
      ['POST', '/json/register'],
      ['GET', '/json/events?queue_id=1%3A2&last_event_id=-1'],
    ];
    for (const [method, path] of polls) {
      const answer = await call(method!, path!, method === 'GET' ? undefined : 'queue_id=1%3A2');
      expect(answer.body).toMatchObject({
        url: path,
        host: 'zulip.example.com',
        auth: 'Basic abc',
        body: method === 'GET' ? '' : 'queue_id=1%3A2',
      });
      names.push(answer.body.name);
    }
    expect(new Set(names)).toEqual(new Set(['eq1', 'eq2']));
  });

  it('sends everything else to the gateway', async () => {
    for (const path of [
      '/api/v1/messages',
      '/api/v1/events/other',
      '/api/v1/registered',
      '/health/ready',
      '/api/v1/users/me/subscriptions?x=/api/v1/events',
      '/',
      '/assets/app.js',
      '/json/messages',
    ]) {
      expect((await call('GET', path)).body).toMatchObject({ name: 'gateway', url: path });
    }
  });

  it("answers a body above the services' cap 413 itself, before it is sent, for every route", async () => {
    const before = upstreamRequests;
    const { port } = new URL(ingressUrl);
    for (const path of ['/api/v1/register', '/api/v1/user_uploads']) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1');
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.write(`POST ${path} HTTP/1.1\r\nHost: zulip.example.com\r\nContent-Length: 1073741824\r\n\r\n`);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 [^]*\{"result":"error","msg":"Request body too large"\}\n$/);
    }
    expect(upstreamRequests).toBe(before);
  });
});

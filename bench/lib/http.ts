/**
 * The load generator's HTTP client: plain node:http with keep-alive, its connections spread over
 * loopback source addresses (127.0.0.2 ... 127.0.0.<1+SOURCES>). One source address has ~28,000
 * ephemeral ports; 10,000 parked polls plus the sends' sockets, opened and closed at a high
 * rate, would exhaust them (TIME_WAIT), so each agent binds its own address.
 */
import { Agent, request } from 'node:http';

const SOURCES = Number(process.env.BENCH_SOURCE_ADDRESSES ?? 8);
const agents = Array.from(
  { length: SOURCES },
  (_, i) => new Agent({ keepAlive: true, maxSockets: Infinity, localAddress: `127.0.0.${2 + i}` } as never),
);
let next = 0;

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The body's length in bytes, as sent (the servers compress nothing). */
  bytes: number;
}

/** One request; `form` goes in the query string for GET and as a urlencoded body otherwise. */
export async function httpCall(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  form: Record<string, string> = {},
): Promise<HttpAnswer> {
  try {
    return await attempt(baseUrl, method, path, headers, form);
  } catch (err) {
    // A keep-alive socket the server closed while idle (its keepAliveTimeout) can be picked just
    // as it closes: the request never reached the server, so it is sent again once, on a new socket.
    if ((err as { reusedSocket?: boolean; code?: string }).reusedSocket && (err as { code?: string }).code === 'ECONNRESET') {
      return attempt(baseUrl, method, path, headers, form);
    }
    throw err;
  }
}

function attempt(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  form: Record<string, string>,
): Promise<HttpAnswer> {
  const encoded = new URLSearchParams(form).toString();
  const url = `${baseUrl}${path}${method === 'GET' && encoded ? `?${encoded}` : ''}`;
  const body = method === 'GET' ? undefined : encoded;
  const agent = agents[next++ % agents.length];
  return new Promise((resolve, reject) => {
    let responded = false;
    const req = request(
      url,
      { method, agent, headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } },
      (res) => {
        responded = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString();
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown>, bytes: raw.length });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: { result: 'error', msg: text.slice(0, 200) }, bytes: raw.length });
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket && !responded })));
    req.end(body);
  });
}

/** Like httpCall, but a non-success answer is an error. */
export async function apiCall(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  form: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const answer = await httpCall(baseUrl, method, `/api/v1${path}`, headers, form);
  if (answer.body.result !== 'success') throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export function basicAuth(email: string, apiKey: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}` };
}

/** Lets the bench process exit: idle keep-alive sockets would hold the event loop. */
export function closeAgents(): void {
  for (const agent of agents) agent.destroy();
}

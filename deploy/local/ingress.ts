/**
 * The local runner's ingress, the counterpart of k8s/base/ingress.yaml (and of Zulip's nginx in
 * front of Tornado): the event tier's paths (/register and /events under /api/v1 and /json, from
 * the gateway's public-paths list) go straight to the event-queue replicas, round-robin, which
 * authenticate the client themselves (libs/auth); everything else goes to the gateway, /health/*
 * and /metrics included, which the runner and its tests read through this port. A plain streaming proxy: no body is read, the Host header (which names the realm) and
 * every other header pass unchanged. As the first server a client meets, it applies the services'
 * body cap and deadlines itself (@chat/http's createLimitedServer).
 */
import { Agent, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { loadConfig } from '@chat/config';
import { createLimitedServer, type ServerLimits } from '@chat/http';
import { EVENT_TIER_PATHS } from '@chat/gateway-service';
import { serverLimits } from '@chat/runtime';

export interface IngressRoutes {
  /** The event-queue replicas' base URLs. */
  eventQueue: string[];
  gateway: string;
}

/** `limits` default to the settings' defaults (libs/config); the runner passes its configuration's. */
export function startIngress(
  port: number,
  host: string,
  routes: IngressRoutes,
  limits: ServerLimits = serverLimits(loadConfig({})),
): Promise<Server> {
  // Long-polls hold their upstream connection for up to 55 s: no cap on sockets per replica.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let next = 0;
  const upstreamFor = (url: string): string => {
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    if (!EVENT_TIER_PATHS.has(path) || routes.eventQueue.length === 0) return routes.gateway;
    next = (next + 1) % routes.eventQueue.length;
    return routes.eventQueue[next]!;
  };
  const server = createLimitedServer((req, res) => proxy(req, res, upstreamFor(req.url ?? '/'), agent), limits);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function proxy(req: IncomingMessage, res: ServerResponse, upstream: string, agent: Agent): void {
  const target = new URL(req.url ?? '/', upstream);
  const outgoing = request(target, { method: req.method, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  outgoing.on('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(`${JSON.stringify({ result: 'error', msg: 'Service unavailable' })}\n`);
  });
  // A client that leaves (an abandoned long-poll) releases the upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  req.pipe(outgoing);
}

/**
 * The distributed topology's hop: the request, unparsed and streamed, to the owning service over
 * keep-alive connections, with the caller's identity in the signed internal header.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { RequestHandler } from 'express';
import { identityHeaders } from '@chat/http';
import { ApiError } from '@chat/errors';

/** Sockets kept open per service; a long-poll holds one while parked. */
const MAX_SOCKETS_PER_SERVICE = 20_000;

/**
 * `baseUrls`: one URL, or a comma-separated list of replicas taken in turn (behind Kubernetes a
 * Service's one URL does the balancing instead).
 */
export function forwardTo(baseUrls: string, secret: string): RequestHandler {
  const targets = baseUrls.split(',').map((url) => new URL(url.trim()));
  let turn = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_SERVICE, maxFreeSockets: 256 });
  return (req, res, next) => {
    const target = targets[turn++ % targets.length]!;
    const headers = { ...req.headers };
    delete headers.connection;
    if (req.identity) Object.assign(headers, identityHeaders(req.identity, secret));
    const upstream = httpRequest(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers,
        agent,
      },
      (response) => {
        res.status(response.statusCode ?? 502);
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && name !== 'connection' && name !== 'keep-alive') res.setHeader(name, value);
        }
        response.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (res.headersSent) {
        res.destroy(err);
        return;
      }
      next(new ApiError('Service temporarily unavailable', { status: 503, extra: {} }));
    });
    // A client that leaves takes its upstream request (a parked long-poll) with it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}

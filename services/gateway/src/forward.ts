/**
 * The distributed topology's hop: the request, unparsed and streamed, to the owning service over
 * keep-alive connections, with the caller's identity in the signed internal header.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { RequestHandler } from 'express';
import { SERVICE_NAMES, type ServiceName } from '@chat/config';
import { identityHeaders, roundRobin, serviceUrlList } from '@chat/http';
import { ApiError } from '@chat/errors';

/** Sockets kept open per service; a long-poll holds one while parked. */
const MAX_SOCKETS_PER_SERVICE = 20_000;

/** Errors that mean the service was never reached, so it cannot have acted on the request. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The answer when the hop fails before the service answered. Refused: the service is down and did
 * nothing, 503. Otherwise the connection broke after the request went out (the service died or
 * reset it): it may have been processed, so 502 says so and the client should retry idempotently
 * (the Idempotency-Key of POST /messages). docs/operations.md, "Gateway answers when a service fails".
 */
export function upstreamFailure(err: NodeJS.ErrnoException): ApiError {
  if (err.code !== undefined && NOT_REACHED.has(err.code)) {
    return new ApiError('Service temporarily unavailable', { status: 503, extra: {} });
  }
  return new ApiError('The service closed the connection before answering; the request may have been processed', {
    status: 502,
    extra: {},
  });
}

/**
 * `baseUrls`: one URL, or a comma-separated list of replicas taken in turn (behind Kubernetes a
 * Service's one URL does the balancing instead).
 */
export function forwardTo(baseUrls: string, secret: string): RequestHandler {
  const nextTarget = roundRobin(serviceUrlList(baseUrls).map((url) => new URL(url)));
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_SERVICE, maxFreeSockets: 256 });
  return (req, res, next) => {
    const target = nextTarget();
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
      next(upstreamFailure(err));
    });
    // A client that leaves takes its upstream request (a parked long-poll) with it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}

/**
 * The distributed topology's dispatch: a forwarder to each service's URL (or list of replicas).
 * Fails naming the variables to set when a service has none.
 */
export function forwardToServices(urls: Partial<Record<ServiceName, string>>, secret: string): Record<ServiceName, RequestHandler> {
  const missing = SERVICE_NAMES.filter((name) => !urls[name]);
  if (missing.length > 0) {
    throw new Error(
      `The gateway needs each service's URL: set ${missing.map((n) => `${n.toUpperCase().replace('-', '_')}_URL`).join(', ')}`,
    );
  }
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, forwardTo(urls[name]!, secret)])) as Record<ServiceName, RequestHandler>;
}

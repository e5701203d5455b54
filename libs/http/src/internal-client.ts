/**
 * Service-to-service calls. A service that must act elsewhere (post an announcement, a webhook's
 * message) calls the owning service's internal API under its own service identity, signed with
 * the internal secret, and never imports its code. The call is HTTP in both topologies: to the
 * service's URL when distributed, to a loopback listener of the service's app when embedded
 * (these calls are rare, so a loopback hop costs nothing that matters, and the request takes
 * exactly the path it takes in production).
 */
import { encodeParam } from '@chat/contracts';
import { ApiError } from '@chat/errors';
import { currentRequestId } from '@chat/log';
import { identityHeaders, type ServiceIdentity } from './identity';
import { REQUEST_ID_HEADER } from './request-context';
import { serviceUrlList } from './service-urls';

export interface InternalCall {
  service: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under /api/v1, e.g. /internal/messages. */
  path: string;
  realmId: number | null;
  params?: Record<string, unknown>;
  /** Gives up (throwing) after this long; none: as long as the service takes. */
  timeoutMs?: number;
}

export interface InternalClient {
  /** The success body; an error answer is thrown as the ApiError the service gave. */
  call(request: InternalCall): Promise<Record<string, unknown>>;
}

function encode(params: Record<string, unknown> = {}): string {
  return new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, encodeParam(v)]),
  ).toString();
}

function headersFor(caller: string, realmId: number | null, secret: string): Record<string, string> {
  const identity: ServiceIdentity = { kind: 'service', service: caller, realmId };
  // The caller's request id goes along, so one id follows a webhook from its POST to the message.
  const requestId = currentRequestId();
  return {
    ...identityHeaders(identity, secret),
    'content-type': 'application/x-www-form-urlencoded',
    ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
  };
}

function toResult(status: number, body: Record<string, unknown>): Record<string, unknown> {
  if (status >= 200 && status < 300 && body.result === 'success') return body;
  const { result: _result, msg, code, ...extra } = body;
  throw new ApiError(typeof msg === 'string' ? msg : `internal call failed (${status})`, {
    status,
    code: typeof code === 'string' ? (code as never) : undefined,
    extra,
  });
}

/**
 * `urls` is read at each call (a composition may fill it after making the client); a service
 * with several replicas' URLs gets its calls in turn.
 */
export function httpInternalClient(urls: Record<string, string>, secret: string, caller: string): InternalClient {
  const turns = new Map<string, number>();
  return {
    async call(request) {
      const replicas = serviceUrlList(urls[request.service]);
      if (replicas.length === 0) throw new Error(`no URL configured for service ${request.service}`);
      const turn = turns.get(request.service) ?? 0;
      turns.set(request.service, turn + 1);
      const base = replicas[turn % replicas.length];
      const query = request.method === 'GET' ? `?${encode(request.params)}` : '';
      const response = await fetch(`${base}/api/v1${request.path}${query}`, {
        method: request.method,
        headers: headersFor(caller, request.realmId, secret),
        body: request.method === 'GET' ? undefined : encode(request.params),
        signal: request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs),
      });
      return toResult(response.status, (await response.json()) as Record<string, unknown>);
    },
  };
}

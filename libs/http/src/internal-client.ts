/**
 * Service-to-service calls. A service that must act elsewhere at once (post a webhook's message,
 * run a follow-up it holds) calls the owning service's internal API under its own service
 * identity, signed with the internal secret, and never imports its code. The call names the
 * endpoint's declaration (@chat/contracts, auth `service`), so its parameters and answer are typed
 * as the public client's are, and it is encoded by that client. It is HTTP in both topologies: to
 * the service's URL when distributed, to a loopback listener of the service's app when embedded
 * (these calls are rare, so a loopback hop costs nothing that matters, and the request takes
 * exactly the path it takes in production).
 */
import { ChatClient, type AnyContract, type ErrorBody, type ParamsIn, type SuccessOf, type Transport } from '@chat/contracts';
import { ApiError } from '@chat/errors';
import { currentRequestId } from '@chat/log';
import { identityHeaders, type ServiceIdentity } from './identity';
import { REQUEST_ID_HEADER } from './request-context';
import { serviceUrlList } from './service-urls';

/** An endpoint for services only: a user endpoint refuses a service identity, so no other is callable. */
export type InternalContract = AnyContract & { readonly auth: 'service' };

export interface InternalCallOptions {
  /** The realm the call acts in; null for one that concerns no single realm (running a held follow-up). */
  realmId: number | null;
  /** Gives up (throwing) after this long; none: as long as the service takes. */
  timeoutMs?: number;
}

export interface InternalClient {
  /** The success answer; an error answer is thrown as the ApiError the service gave. */
  call<C extends InternalContract>(contract: C, params: ParamsIn<C>, options: InternalCallOptions): Promise<SuccessOf<C>>;
}

function headersFor(caller: string, realmId: number | null, secret: string): Record<string, string> {
  const identity: ServiceIdentity = { kind: 'service', service: caller, realmId };
  // The caller's request id goes along, so one id follows a webhook from its POST to the message.
  const requestId = currentRequestId();
  return { ...identityHeaders(identity, secret), ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) };
}

function fetchTransport(base: string, timeoutMs: number | undefined): Transport {
  return async ({ method, url, headers, body }) => {
    const signal = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    const response = await fetch(base + url, { method, headers, body, signal });
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.json() };
  };
}

function toApiError(status: number, body: ErrorBody): ApiError {
  const { result: _result, msg, code, ...extra } = body;
  return new ApiError(typeof msg === 'string' ? msg : `internal call failed (${status})`, {
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
  const baseFor = (service: string): string => {
    const replicas = serviceUrlList(urls[service]);
    if (replicas.length === 0) throw new Error(`no URL configured for service ${service}`);
    const turn = turns.get(service) ?? 0;
    turns.set(service, turn + 1);
    return replicas[turn % replicas.length]!;
  };
  return {
    async call(contract, params, { realmId, timeoutMs }) {
      const client = new ChatClient({
        transport: fetchTransport(baseFor(contract.service), timeoutMs),
        headers: () => headersFor(caller, realmId, secret),
      });
      const result = await client.request(contract, params);
      if (!result.ok) throw toApiError(result.status, result.body);
      return result.body;
    },
  };
}

/**
 * Binds a handler to a contract: the endpoint a service serves is its declaration
 * (@chat/contracts) plus this function, so method, path, parameters and caller rules are never
 * written in a service.
 */
import type { AnyContract } from '@chat/contracts';
import { defineEndpoint, type AnyEndpoint, type AuthKind, type Endpoint, type HandlerContext, type HandlerResult } from './endpoint';

/** What the service sees of the caller: a webhook integration is its bot, a user. */
type ServiceAuth<C extends AnyContract> = C['auth'] extends 'webhook' ? 'user' : Exclude<C['auth'], 'webhook'>;

export type ContractHandler<C extends AnyContract> = (
  ctx: HandlerContext<C['params'], ServiceAuth<C>>,
) => Promise<HandlerResult> | HandlerResult;

export interface ImplementOptions {
  /** For a contract with `rawBody: { upload: true }`: the body limit the server's upload size gives. */
  uploadLimit?: number;
}

function endpointAuth(contract: AnyContract): AuthKind {
  return contract.auth === 'webhook' ? 'user' : contract.auth;
}

function rawBodyOf(contract: AnyContract, options: ImplementOptions): Endpoint['rawBody'] {
  const raw = contract.rawBody;
  if (!raw) return undefined;
  if (!raw.upload) return { limit: raw.limit };
  if (options.uploadLimit === undefined) throw new Error(`${contract.name}: an upload endpoint needs its uploadLimit`);
  return { limit: options.uploadLimit, upload: true };
}

export function implement<C extends AnyContract>(contract: C, handler: ContractHandler<C>, options: ImplementOptions = {}): AnyEndpoint {
  const endpoint: Endpoint<C['params'], ServiceAuth<C>> = {
    method: contract.method,
    path: contract.path,
    auth: endpointAuth(contract) as ServiceAuth<C>,
    params: contract.params,
    rawBody: rawBodyOf(contract, options),
    contract,
    handler,
  };
  return defineEndpoint(endpoint);
}

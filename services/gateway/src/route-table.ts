/**
 * The gateway's routes: every declared endpoint a client may call (all but the services' internal
 * ones), in declaration order, which is also the order paths are tried in (/messages/render before
 * /messages/:message_id). Which service owns each and how its caller authenticates come with the
 * declaration (@chat/contracts).
 */
import { CONTRACTS, type AnyContract, type ContractAuth } from '@chat/contracts';

/** How a client-facing route's caller authenticates. */
export type RouteAuth = Exclude<ContractAuth, 'service'>;

export type Route = AnyContract & { readonly auth: RouteAuth };

function isClientFacing(contract: AnyContract): contract is Route {
  return contract.auth !== 'service';
}

export const ROUTES: readonly Route[] = CONTRACTS.filter(isClientFacing);

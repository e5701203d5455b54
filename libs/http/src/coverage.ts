/**
 * A service implements every endpoint declared for it, once: a declaration left without a handler
 * would be routed by the gateway and then answered 404 by the service, so the app refuses to build.
 */
import { CONTRACTS, type AnyContract } from '@chat/contracts';
import type { AnyEndpoint } from './endpoint';

export function checkImplementsContracts(endpoints: readonly AnyEndpoint[], contracts: readonly AnyContract[] = CONTRACTS): void {
  const services = new Set(endpoints.flatMap((e) => (e.contract ? [e.contract.service] : [])));
  const problems: string[] = [];
  for (const contract of contracts.filter((c) => services.has(c.service))) {
    const count = endpoints.filter((e) => e.contract === contract).length;
    if (count !== 1)
      problems.push(`${contract.service} ${contract.name} (${contract.method} ${contract.path}) is implemented ${count} times`);
  }
  if (problems.length > 0) throw new Error(`endpoints do not match their declarations: ${problems.join('; ')}`);
}

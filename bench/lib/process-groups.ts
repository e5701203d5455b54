/**
 * The server-side processes a measurement charges CPU time to (lib/cpu.ts), as process groups:
 * our own server processes by name, and the system services they use (PostgreSQL's postmaster
 * and its backends, NATS, Redis) found by their command names. The load generator is in none.
 */
import { serviceRoots, type ProcessGroup } from './cpu';
import type { Topology } from './topology';

export type SystemService = 'postgres' | 'nats-server' | 'redis-server';

/** The system services' process trees, found by their command names. */
export function systemGroups(names: SystemService[]): ProcessGroup[] {
  return names.map((comm) => {
    const roots = serviceRoots(comm);
    if (roots.length === 0) throw new Error(`no ${comm} process found: is it running on this machine?`);
    return { name: comm, roots };
  });
}

/** Every process a topology's work runs in: its own, and for the distributed one PostgreSQL, NATS and Redis. */
export function topologyGroups(topology: Topology): ProcessGroup[] {
  const own = topology.processes.map((p) => ({ name: p.name, roots: [p.process.pid] }));
  return topology.name === 'embedded' ? own : [...own, ...systemGroups(['postgres', 'nats-server', 'redis-server'])];
}

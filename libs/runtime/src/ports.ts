/**
 * A port another process holds is said in one line before anything is opened or seeded: an
 * operator who starts a second server, or forgot one, sees which port and what to do, not a
 * stack trace after the database work.
 */
import { createServer } from 'node:net';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    host: string,
    reason: string,
  ) {
    super(
      reason === 'EADDRINUSE'
        ? `port ${port} is in use on ${host} (another server, or one still running?): stop it, or set PORT to a free port.`
        : `cannot listen on port ${port} on ${host} (${reason}): set PORT or HOST to ones this user may use.`,
    );
    this.name = 'PortInUseError';
  }
}

/** Listens on the port and closes it again, or rejects with PortInUseError. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(new PortInUseError(port, host, err.code ?? err.message)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The same for several ports, the first taken one reported. */
export async function assertPortsFree(ports: readonly number[], host: string): Promise<void> {
  for (const port of ports) await assertPortFree(port, host);
}

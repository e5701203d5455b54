import type { Socket } from 'node:net';

/**
 * A client that is slow on purpose, for tests of the servers' deadlines: writes `pieces` to
 * `socket`, one every `everyMs` (the first after `everyMs`), and stops at the last one or when the
 * socket goes away. It paces what the test sends, it waits for nothing: the test waits on what
 * the server does (an answer, the socket's close).
 */
export function writeSlowly(socket: Socket, pieces: (string | Buffer)[], everyMs: number): void {
  const left = [...pieces];
  const timer = setInterval(() => {
    const piece = left.shift();
    if (piece === undefined || socket.destroyed) clearInterval(timer);
    else socket.write(piece);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

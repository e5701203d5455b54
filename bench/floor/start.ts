/** Starts the floor server (server.ts) as its own process on a fresh database and JetStream stream. */
import { startProcess, type ServerProcess } from '@chat/testing';
import { adminQuery, dropDatabase, dropStream } from '../lib/cleanup';

export async function startFloor(): Promise<{ process: ServerProcess; stop(): Promise<void> }> {
  const name = `floor_${Date.now().toString(36)}${process.pid}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const server = await startProcess('bench/floor/server.ts', {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`,
    FLOOR_NAME: name,
  });
  return {
    process: server,
    stop: async () => {
      await server.stop();
      await dropDatabase(name);
      await dropStream(name);
    },
  };
}

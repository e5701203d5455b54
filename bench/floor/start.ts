/**
 * Starts the floor server (server.ts) as its own process: on a fresh PostgreSQL database and
 * JetStream stream, or (`'pglite'`) on PGlite in a temporary folder, the embedded topology's floor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, type ServerProcess } from '@chat/testing';
import { adminQuery, dropDatabase, dropStream } from '../lib/cleanup';

export type FloorDb = 'postgres' | 'pglite';

export async function startFloor(db: FloorDb = 'postgres'): Promise<{ process: ServerProcess; stop(): Promise<void> }> {
  if (db === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
    const server = await startProcess('bench/floor/server.ts', { FLOOR_DB: 'pglite', FLOOR_DATA_DIR: dataDir });
    return {
      process: server,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
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

/** Starts the floor server (server.ts) as its own process on a fresh database and JetStream stream. */
import { Client } from 'pg';
import { startProcess, type ServerProcess } from '@chat/testing';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startFloor(): Promise<{ process: ServerProcess; stop(): Promise<void> }> {
  const name = `floor_${Date.now().toString(36)}${process.pid}`;
  await admin(`CREATE DATABASE ${name}`);
  const server = await startProcess('bench/floor/server.ts', {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`,
    FLOOR_NAME: name,
  });
  return {
    process: server,
    stop: async () => {
      await server.stop();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropStream(name);
    },
  };
}

async function dropStream(name: string): Promise<void> {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    await (await jetstreamManager(nc)).streams.delete(name);
  } catch {
    // already gone
  } finally {
    await nc.close();
  }
}

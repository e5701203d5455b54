/** What a bench run leaves on the shared PostgreSQL and NATS, removed when it stops. */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server's `postgres` database (creating and dropping databases); its rows. */
export async function adminQuery(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function dropStream(name: string): Promise<void> {
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    await (await jetstreamManager(nc)).streams.delete(name);
  } catch {
    // never created, or already gone
  } finally {
    await nc.close();
  }
}

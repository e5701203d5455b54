/**
 * LISTEN on PostgreSQL through a connection of its own that comes back when it drops.
 *
 * A notification sent while the connection is down is lost, so whoever listens is told when it is
 * back (`onReconnect`) and catches up: the outbox relay and the job dispatcher look for rows at
 * once, the authenticator forgets every cached credential. Without the reconnect the relay would
 * only see new rows at its fallback poll, and cached credentials would outlive their revocation.
 */
import type { Logger } from '@chat/log';
import { Client as PgClient } from 'pg';

export interface ListenOptions {
  logger: Logger;
  /** Called each time the connection is back; notifications sent while it was down are lost. */
  onReconnect?: () => void;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

/** LISTEN takes the channel as an identifier, which no parameter can bind: quoted here. */
function listenStatement(channel: string): string {
  return `LISTEN "${channel.replace(/"/g, '""')}"`;
}

export async function listenWithReconnect(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  options: ListenOptions,
): Promise<() => Promise<void>> {
  let current: PgClient | null = null;
  let stopped = false;

  const open = async (): Promise<void> => {
    const client = new PgClient({ connectionString: url });
    client.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    // Both 'error' and 'end' can follow a drop; only the live connection's first one counts.
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(listenStatement(channel));
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    current = client;
  };

  const lost = (client: PgClient, err?: Error): void => {
    if (stopped || current !== client) return;
    current = null;
    options.logger.warn({ err, channel }, 'database LISTEN connection lost; reconnecting');
    void reconnect();
  };

  const reconnect = async (): Promise<void> => {
    for (let delay = FIRST_RETRY_MS; !stopped; delay = Math.min(delay * 2, MAX_RETRY_MS)) {
      try {
        await open();
        if (stopped) return void (await current?.end().catch(() => undefined));
        options.logger.info({ channel }, 'database LISTEN connection re-established');
        options.onReconnect?.();
        return;
      } catch (err) {
        options.logger.debug({ err, channel, retryInMs: delay }, 'database LISTEN reconnect failed');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  await open();
  return async () => {
    stopped = true;
    await current?.end().catch(() => undefined);
  };
}

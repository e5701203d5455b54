import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWebhookServer } from '@chat/testing';
import { addressPolicy, BlockedAddressError } from '@chat/outbound';
import { postToWebhook, WebhookConnectionError } from '../src/outgoing-webhooks/http-post';

const closed = addressPolicy({ allowPrivate: false, allowedNetworks: [] });

describe('one POST to an outgoing webhook', () => {
  it('never connects to a refused address, by literal or by a name that resolves to it', async () => {
    const server = await startWebhookServer();
    try {
      const body = { contentType: 'application/json', data: '{}' };
      const port = new URL(server.url).port;
      for (const url of [server.url, `http://localhost:${port}/hook`, `http://[::1]:${port}/hook`]) {
        await expect(postToWebhook(url, body, { policy: closed, timeoutMs: 2000 })).rejects.toBeInstanceOf(BlockedAddressError);
      }
      expect(server.requests).toHaveLength(0);
      const open = addressPolicy({ allowPrivate: false, allowedNetworks: ['127.0.0.1'] });
      await expect(postToWebhook(`http://localhost:${port}/hook`, body, { policy: open, timeoutMs: 2000 })).resolves.toMatchObject({
        status: 200,
      });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('gives up on an endpoint that never answers within the deadline, and on one that is not listening', async () => {
    const open = addressPolicy({ allowPrivate: true, allowedNetworks: [] });
    const body = { contentType: 'application/json', data: '{}' };
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      await expect(postToWebhook(`http://127.0.0.1:${port}/`, body, { policy: open, timeoutMs: 300 })).rejects.toBeInstanceOf(
        WebhookConnectionError,
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    await expect(postToWebhook(`http://127.0.0.1:${port}/`, body, { policy: open, timeoutMs: 2000 })).rejects.toBeInstanceOf(
      WebhookConnectionError,
    );
  });
});

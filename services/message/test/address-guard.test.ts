import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWebhookServer } from '@chat/testing';
import { addressPolicy, BlockedAddressError } from '../src/outgoing-webhooks/address-guard';
import { postToWebhook, WebhookConnectionError } from '../src/outgoing-webhooks/http-post';

const closed = addressPolicy({ outgoingWebhookAllowPrivate: false, outgoingWebhookAllowedNetworks: [] });

describe('outgoing-webhook address rule', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd12::1',
    '::ffff:127.0.0.1',
    '224.0.0.1',
  ])('refuses %s', (address) => expect(closed.allows(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) =>
    expect(closed.allows(address)).toBe(true),
  );

  it('opens the networks the operator lists, and everything with OUTGOING_WEBHOOK_ALLOW_PRIVATE', () => {
    const intranet = addressPolicy({ outgoingWebhookAllowPrivate: false, outgoingWebhookAllowedNetworks: ['10.1.2.0/24', 'fd00::5'] });
    expect([intranet.allows('10.1.2.9'), intranet.allows('10.1.3.9'), intranet.allows('fd00::5'), intranet.allows('127.0.0.1')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(addressPolicy({ outgoingWebhookAllowPrivate: true, outgoingWebhookAllowedNetworks: [] }).allows('127.0.0.1')).toBe(true);
  });

  it('never connects to a refused address, by literal or by a name that resolves to it', async () => {
    const server = await startWebhookServer();
    try {
      const body = { contentType: 'application/json', data: '{}' };
      const port = new URL(server.url).port;
      for (const url of [server.url, `http://localhost:${port}/hook`, `http://[::1]:${port}/hook`]) {
        await expect(postToWebhook(url, body, { policy: closed, timeoutMs: 2000 })).rejects.toBeInstanceOf(BlockedAddressError);
      }
      expect(server.requests).toHaveLength(0);
      const open = addressPolicy({ outgoingWebhookAllowPrivate: false, outgoingWebhookAllowedNetworks: ['127.0.0.1'] });
      await expect(postToWebhook(`http://localhost:${port}/hook`, body, { policy: open, timeoutMs: 2000 })).resolves.toMatchObject({
        status: 200,
      });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('gives up on an endpoint that never answers within the deadline, and on one that is not listening', async () => {
    const open = addressPolicy({ outgoingWebhookAllowPrivate: true, outgoingWebhookAllowedNetworks: [] });
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

import { ApiError } from '@chat/errors';
import { createLogger, runWithRequestContext } from '@chat/log';
import { createServiceApp, defineEndpoint, httpInternalClient, loopbackListener } from '../src';

describe('httpInternalClient', () => {
  const secret = 'internal-secret-for-this-test-0123456789';
  const app = createServiceApp({
    endpoints: [
      defineEndpoint({
        method: 'POST',
        path: '/internal/echo',
        auth: 'service',
        params: {},
        handler: ({ identity, req }) => ({
          caller: identity.service,
          realm: identity.realmId,
          request_id: req.header('x-request-id') ?? null,
        }),
      }),
      defineEndpoint({
        method: 'POST',
        path: '/internal/fail',
        auth: 'service',
        params: {},
        handler: () => {
          throw new ApiError('No such thing', { code: 'BAD_REQUEST', extra: { thing: 'x' } });
        },
      }),
    ],
    internalSecret: secret,
    logger: createLogger('silent'),
  });

  it('calls as the named service, carrying the current request id', async () => {
    const loopback = await loopbackListener(app);
    try {
      const client = httpInternalClient({ target: loopback.url }, secret, 'webhook');
      const body = await runWithRequestContext({ requestId: 'req-123' }, () =>
        client.call({ service: 'target', method: 'POST', path: '/internal/echo', realmId: 7 }),
      );
      expect(body).toMatchObject({ caller: 'webhook', realm: 7, request_id: 'req-123' });
      await expect(client.call({ service: 'target', method: 'POST', path: '/internal/fail', realmId: 7 })).rejects.toMatchObject({
        message: 'No such thing',
        code: 'BAD_REQUEST',
        extra: { thing: 'x' },
      });
    } finally {
      await loopback.close();
    }
  });

  it('takes the replicas of a comma-separated list in turn', async () => {
    const replicas = [await loopbackListener(app), await loopbackListener(app)];
    const hits: number[] = [];
    const realFetch = globalThis.fetch;
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      hits.push(replicas.findIndex((replica) => String(input).startsWith(replica.url)));
      return realFetch(input, init);
    });
    try {
      const client = httpInternalClient({ target: replicas.map((r) => r.url).join(', ') }, secret, 'webhook');
      for (let i = 0; i < 4; i++) await client.call({ service: 'target', method: 'POST', path: '/internal/echo', realmId: 1 });
      expect(hits).toEqual([0, 1, 0, 1]);
    } finally {
      spy.mockRestore();
      for (const replica of replicas) await replica.close();
    }
  });
});

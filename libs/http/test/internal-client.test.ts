import { declareEndpoints, p } from '@chat/contracts';
import { ApiError } from '@chat/errors';
import { createLogger, runWithRequestContext } from '@chat/log';
import { createServiceApp, defineEndpoint, httpInternalClient, loopbackListener } from '../src';

const api = declareEndpoints('message', {
  echo: {
    method: 'POST',
    path: '/internal/echo/:word',
    auth: 'service',
    summary: 'Echo',
    params: { word: p.string({ required: true }), times: p.int({ required: true }) },
    success: { caller: 'string', realm: 'integer', request_id: 'string', echoed: 'array' },
  },
  fail: { method: 'POST', path: '/internal/fail', auth: 'service', summary: 'Fail', params: {}, success: {} },
});

describe('httpInternalClient', () => {
  const secret = 'internal-secret-for-this-test-0123456789';
  const app = createServiceApp({
    endpoints: [
      // Served without the contract attached: the app would otherwise want all of the message service's.
      defineEndpoint({
        ...api.echo,
        auth: 'service',
        handler: ({ identity, params, req }) => ({
          caller: identity.service,
          realm: identity.realmId,
          request_id: req.header('x-request-id') ?? null,
          echoed: Array.from({ length: params.times }, () => params.word),
        }),
      }),
      defineEndpoint({
        ...api.fail,
        auth: 'service',
        handler: () => {
          throw new ApiError('No such thing', { code: 'BAD_REQUEST', extra: { thing: 'x' } });
        },
      }),
    ],
    internalSecret: secret,
    logger: createLogger('silent'),
  });

  it('calls the declared endpoint as the named service, carrying the current request id', async () => {
    const loopback = await loopbackListener(app);
    try {
      const client = httpInternalClient({ message: loopback.url }, secret, 'webhook');
      const body = await runWithRequestContext({ requestId: 'req-123' }, () =>
        client.call(api.echo, { word: 'a b/c', times: 2 }, { realmId: 7 }),
      );
      expect(body).toMatchObject({ caller: 'webhook', realm: 7, request_id: 'req-123', echoed: ['a b/c', 'a b/c'] });
      await expect(client.call(api.fail, {}, { realmId: 7 })).rejects.toMatchObject({
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
      const client = httpInternalClient({ message: replicas.map((r) => r.url).join(', ') }, secret, 'webhook');
      for (let i = 0; i < 4; i++) await client.call(api.echo, { word: 'x', times: 1 }, { realmId: 1 });
      expect(hits).toEqual([0, 1, 0, 1]);
    } finally {
      spy.mockRestore();
      for (const replica of replicas) await replica.close();
    }
  });
});

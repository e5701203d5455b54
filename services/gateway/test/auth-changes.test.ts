/**
 * A credential change reaches the gateway that carried it with the answer, not only through the
 * database's notification: the service's answer names the users (notifyAuthChange in its
 * transaction), and the gateway drops them from its cache before the client reads the answer,
 * over an HTTP hop as in-process, and never shows the client the internal header.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import type { Authenticator } from '@chat/auth';
import { notifyAuthChange, type Executor } from '@chat/db';
import { AUTH_CHANGED_HEADER, createServiceApp, defineEndpoint, errorMiddleware } from '@chat/http';
import { testLogger } from '@chat/testing';
import { dropChangedCredentials } from '../src/auth-changes';
import { forwardTo } from '../src/forward';

const SECRET = 'auth-changes-test-secret-0123456789';

/** Stands for a transaction: notifyAuthChange's NOTIFY goes nowhere here. */
const noDatabase = { raw: async () => undefined } as unknown as Executor;

const service = createServiceApp({
  internalSecret: SECRET,
  logger: testLogger(),
  endpoints: [
    defineEndpoint({
      method: 'POST',
      path: '/deactivate-two',
      auth: 'public',
      params: {},
      handler: async () => {
        await notifyAuthChange(noDatabase, 42);
        await new Promise((resolve) => setImmediate(resolve));
        await notifyAuthChange(noDatabase, 43);
        return {};
      },
    }),
    defineEndpoint({ method: 'POST', path: '/unrelated', auth: 'public', params: {}, handler: () => ({}) }),
  ],
});

function spyAuthenticator(): { authenticator: Authenticator; dropped: number[] } {
  const dropped: number[] = [];
  return { authenticator: { invalidateUser: (id: number) => void dropped.push(id) } as unknown as Authenticator, dropped };
}

function gateway(authenticator: Authenticator, dispatch: express.RequestHandler): express.Express {
  const app = express();
  app.use(dropChangedCredentials(authenticator), dispatch);
  app.use(errorMiddleware(testLogger()));
  return app;
}

describe('credential changes named in the answer', () => {
  it('a service names the users its request changed, and only then', async () => {
    const changed = await request(service).post('/api/v1/deactivate-two');
    expect(changed.status).toBe(200);
    expect(changed.headers[AUTH_CHANGED_HEADER]).toBe('42,43');
    const unrelated = await request(service).post('/api/v1/unrelated');
    expect(unrelated.headers[AUTH_CHANGED_HEADER]).toBeUndefined();
  });

  it('the gateway drops them before relaying an HTTP hop, and strips the header', async () => {
    const server = service.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { authenticator, dropped } = spyAuthenticator();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await request(gateway(authenticator, forwardTo(url, SECRET))).post('/api/v1/deactivate-two');
      expect(res.status).toBe(200);
      expect(res.headers[AUTH_CHANGED_HEADER]).toBeUndefined();
      expect(dropped).toEqual([42, 43]);
    } finally {
      server.close();
    }
  });

  it('the gateway does the same for a service in its own process', async () => {
    const { authenticator, dropped } = spyAuthenticator();
    const app = gateway(authenticator, service);
    const res = await request(app).post('/api/v1/deactivate-two');
    expect(res.headers[AUTH_CHANGED_HEADER]).toBeUndefined();
    expect(dropped).toEqual([42, 43]);
    await request(app).post('/api/v1/unrelated');
    expect(dropped).toEqual([42, 43]);
  });
});

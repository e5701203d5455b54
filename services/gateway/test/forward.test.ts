/**
 * The gateway's hop when the service fails before answering: refused (it is down, it did nothing)
 * is a 503; a connection reset after the request went out (it may have acted) is a 502 that says
 * so, the answer clients take as "retry with the same Idempotency-Key".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { errorMiddleware } from '@chat/http';
import { freePort, testLogger } from '@chat/testing';
import { forwardTo } from '../src/forward';

jest.setTimeout(20_000);

const SECRET = 'forward-test-secret-0123456789abcdef';

function gatewayTo(url: string): express.Express {
  const app = express();
  app.use(forwardTo(url, SECRET));
  app.use(errorMiddleware(testLogger()));
  return app;
}

describe('gateway forward: the service fails before answering', () => {
  let resetting: Server;
  let received = 0;

  beforeAll(async () => {
    // Reads the whole request, then drops the connection without a word, as a process killed mid-request.
    resetting = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.socket?.resetAndDestroy();
      });
    });
    await new Promise<void>((done) => resetting.listen(0, '127.0.0.1', done));
  });

  afterAll(async () => {
    resetting.closeAllConnections();
    await new Promise((done) => resetting.close(done));
  });

  it('answers 502, saying the request may have been processed, when the connection resets after sending', async () => {
    const { port } = resetting.address() as AddressInfo;
    const answer = await request(gatewayTo(`http://127.0.0.1:${port}`))
      .post('/api/v1/messages')
      .type('form')
      .send({ content: 'x' });
    expect(received).toBe(1);
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      result: 'error',
      msg: 'The service closed the connection before answering; the request may have been processed',
    });
  });

  it('answers 503 when the service refuses the connection (it never saw the request)', async () => {
    const answer = await request(gatewayTo(`http://127.0.0.1:${await freePort()}`)).get('/api/v1/users');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ result: 'error', msg: 'Service temporarily unavailable' });
  });
});

/** RESPONDED: a handler that wrote the response itself gets no envelope after it. */
import request from 'supertest';
import { defineEndpoint, RESPONDED, type HandlerResult } from '@chat/http';
import { API, buildApp } from './helpers';

const app = buildApp([
  defineEndpoint({
    method: 'GET',
    path: '/custom',
    auth: 'public',
    params: {},
    handler: ({ res }) => {
      res.status(202).type('text/plain').send('written by the handler');
      return RESPONDED;
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/later',
    auth: 'public',
    params: {},
    handler: async ({ res }): Promise<HandlerResult> => {
      // A later turn of the event loop: the response is written after the handler's first await.
      await new Promise((resolve) => setImmediate(resolve));
      res.redirect(302, '/login/');
      return RESPONDED;
    },
  }),
]);

describe('RESPONDED', () => {
  it('leaves the response the handler wrote untouched', async () => {
    const res = await request(app).get(`${API}/custom`);
    expect(res.status).toBe(202);
    expect(res.headers['content-type']).toMatch(/^text\/plain\b/);
    expect(res.text).toBe('written by the handler');
  });

  it('works for a response written after an await', async () => {
    const res = await request(app).get(`${API}/later`).redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login/');
    expect(res.text).not.toContain('"result"');
  });
});

import request from 'supertest';
import { defineEndpoint, p } from '@chat/http';
import { API, buildApp, jsonText } from './helpers';

const app = buildApp([
  defineEndpoint({
    method: 'GET',
    path: '/data',
    auth: 'public',
    params: {},
    handler: () => ({ zulip_version: '2.1.0', ids: [1, 2], nested: { a: null } }),
  }),
  defineEndpoint({ method: 'POST', path: '/nothing', auth: 'public', params: {}, handler: () => undefined }),
  defineEndpoint({
    method: 'POST',
    path: '/later',
    auth: 'public',
    params: { n: p.int({ required: true }) },
    handler: async ({ params }) => {
      await new Promise((resolve) => setImmediate(resolve));
      return { doubled: params.n * 2 };
    },
  }),
]);

describe('success envelope', () => {
  it('puts result and msg first, then the handler keys, and ends with a newline', async () => {
    const res = await request(app).get(`${API}/data`);
    expect(res.status).toBe(200);
    expect(jsonText(res)).toBe('{"result":"success","msg":"","zulip_version":"2.1.0","ids":[1,2],"nested":{"a":null}}\n');
  });

  it('answers a handler that returns nothing with the bare envelope', async () => {
    const res = await request(app).post(`${API}/nothing`);
    expect(res.status).toBe(200);
    expect(jsonText(res)).toBe('{"result":"success","msg":""}\n');
  });

  it('waits for an async handler', async () => {
    const res = await request(app).post(`${API}/later`).type('form').send('n=21');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', doubled: 42 });
  });

  it('sends neither X-Powered-By nor an ETag', async () => {
    const res = await request(app).get(`${API}/data`);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
  });
});

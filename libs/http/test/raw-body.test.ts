/** Endpoints declared with `rawBody` get the bytes as sent, whatever the Content-Type, within a limit. */
import request from 'supertest';
import { createLogger } from '@chat/log';
import { defineEndpoint, p } from '@chat/http';
import { API, buildApp, jsonText } from './helpers';

const logger = createLogger('silent');
const logError = jest.spyOn(logger, 'error');

const seen: { body?: Buffer; params?: unknown }[] = [];
const app = buildApp(
  [
    defineEndpoint({
      method: 'POST',
      path: '/external/:name',
      auth: 'public',
      rawBody: { limit: 64 },
      params: { stream: p.string(), name: p.string() },
      handler: ({ params, rawBody }) => {
        seen.push({ body: rawBody, params });
        return { length: rawBody?.length ?? -1 };
      },
    }),
    defineEndpoint({
      method: 'POST',
      path: '/messages',
      auth: 'public',
      params: { content: p.string() },
      handler: ({ params, rawBody }) => ({ content: params.content ?? null, raw: rawBody === undefined }),
    }),
  ],
  logger,
);

beforeEach(() => {
  seen.length = 0;
  logError.mockClear();
});

afterEach(() => {
  expect(logError).not.toHaveBeenCalled();
});

describe('rawBody endpoints', () => {
  it('get a form-encoded body unparsed, with query and path parameters still parsed', async () => {
    const text = '{\n  "featured_title":"Goodbye",\n}';
    const res = await request(app).post(`${API}/external/helloworld?stream=test`).type('form').send(text);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', length: Buffer.byteLength(text) });
    expect(seen[0]?.body?.toString('utf8')).toBe(text);
    expect(seen[0]?.params).toEqual({ stream: 'test', name: 'helloworld' });
  });

  it('do not take form fields as request variables', async () => {
    await request(app).post(`${API}/external/x`).type('form').send('stream=fromform');
    expect(seen[0]?.params).toEqual({ name: 'x' });
    expect(seen[0]?.body?.toString()).toBe('stream=fromform');
  });

  it('get JSON, multipart and unknown types as bytes too', async () => {
    await request(app).post(`${API}/external/x`).set('Content-Type', 'application/json').send('{"a":1}');
    await request(app).post(`${API}/external/x`).set('Content-Type', 'text/x-whatever').send('\u00e9');
    await request(app).post(`${API}/external/x`).set('Content-Type', 'multipart/form-data; boundary=XYZ').send('--XYZ\r\n');
    expect(seen.map((s) => s.body?.toString('utf8'))).toEqual(['{"a":1}', '\u00e9', '--XYZ\r\n']);
  });

  it('get an empty Buffer when there is no body', async () => {
    const res = await request(app).post(`${API}/external/x`);
    expect(res.body.length).toBe(0);
    expect(Buffer.isBuffer(seen[0]?.body)).toBe(true);
  });

  it('answer a body over their limit with a JSON 413 and never run the handler', async () => {
    const res = await request(app)
      .post(`${API}/external/x`)
      .type('json')
      .send(`"${'x'.repeat(64)}"`);
    expect(res.status).toBe(413);
    expect(jsonText(res)).toBe('{"result":"error","msg":"Request body too large"}\n');
    expect(seen).toEqual([]);
  });

  it('accept a body exactly at the limit', async () => {
    const res = await request(app).post(`${API}/external/x`).type('text').send('y'.repeat(64));
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(64);
  });

  it('answer an unknown content encoding as a malformed body, not a 500', async () => {
    const res = await request(app).post(`${API}/external/x`).set('Content-Encoding', 'x-bogus').send('abc');
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe('{"result":"error","msg":"Malformed request body","code":"BAD_REQUEST"}\n');
  });
});

describe('other endpoints beside a rawBody one', () => {
  it('still parse form bodies and get no rawBody', async () => {
    const res = await request(app).post(`${API}/messages`).type('form').send('content=hi');
    expect(res.body).toEqual({ result: 'success', msg: '', content: 'hi', raw: true });
  });
});

/** Bodies the parsers refuse: too large is a 413, malformed a 400; never a 500. */
import request from 'supertest';
import { createLogger } from '@chat/log';
import { defineEndpoint, FIXED_BODY_LIMIT_MAX, maxRequestBodyBytes, p, uploadBodyLimit } from '@chat/http';
import { API, buildApp, jsonText } from './helpers';

const handler = jest.fn(() => ({}));
const logger = createLogger('silent');
const logError = jest.spyOn(logger, 'error');

const app = buildApp(
  [defineEndpoint({ method: 'POST', path: '/messages', auth: 'public', params: { content: p.string() }, handler })],
  logger,
);

const TOO_LARGE = '{"result":"error","msg":"Request body too large"}\n';
const MALFORMED = '{"result":"error","msg":"Malformed request body","code":"BAD_REQUEST"}\n';
const OVER_ONE_MB = 'x'.repeat(1024 * 1024 + 1);

beforeEach(() => {
  handler.mockClear();
  logError.mockClear();
});

afterEach(() => {
  expect(logError).not.toHaveBeenCalled();
});

describe('size limits', () => {
  it('answers an over-limit form body with a JSON 413', async () => {
    const res = await request(app).post(`${API}/messages`).type('form').send(`content=${OVER_ONE_MB}`);
    expect(res.status).toBe(413);
    expect(jsonText(res)).toBe(TOO_LARGE);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers an over-limit multipart field with a JSON 413', async () => {
    const res = await request(app).post(`${API}/messages`).field('content', OVER_ONE_MB);
    expect(res.status).toBe(413);
    expect(jsonText(res)).toBe(TOO_LARGE);
    expect(handler).not.toHaveBeenCalled();
  });

  it('accepts a form body just under the limit', async () => {
    const res = await request(app)
      .post(`${API}/messages`)
      .type('form')
      .send(`content=${'x'.repeat(1000 * 1000)}`);
    expect(res.status).toBe(200);
  });
});

describe('malformed bodies', () => {
  it('refuses a form body in an unsupported charset', async () => {
    const res = await request(app)
      .post(`${API}/messages`)
      .set('Content-Type', 'application/x-www-form-urlencoded; charset=koi8-r')
      .send('content=x');
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe(MALFORMED);
  });

  it('refuses a file in a multipart body (fields only)', async () => {
    const res = await request(app).post(`${API}/messages`).attach('file', Buffer.from('hi'), 'hi.txt');
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe(MALFORMED);
  });

  it('refuses a multipart body without a boundary', async () => {
    const res = await request(app).post(`${API}/messages`).set('Content-Type', 'multipart/form-data').send('x');
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe(MALFORMED);
  });

  it('refuses a truncated multipart body', async () => {
    const res = await request(app)
      .post(`${API}/messages`)
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="content"\r\n\r\nhello');
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe(MALFORMED);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a body that is not the gzip its Content-Encoding claims', async () => {
    const res = await request(app).post(`${API}/messages`).type('form').set('Content-Encoding', 'gzip').send('content=x');
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe(MALFORMED);
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps a multipart field name with a huge array index flat, as Django does, instead of building the array', async () => {
    const started = Date.now();
    const res = await request(app).post(`${API}/messages`).field('content[a][99999999]', 'x');
    // A parameter of that whole name, which the endpoint does not take: `content` is absent.
    expect(res.status).toBe(200);
    expect(res.body.ignored_parameters_unsupported).toEqual(['content[a][99999999]']);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ params: {} }));
    // Building a 100-million-element array would take far longer (and gigabytes); this bound only
    // tells the two apart, with room for a garbage-collection pause of the in-band run.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers too many multipart fields with a JSON 413', async () => {
    let test = request(app).post(`${API}/messages`);
    for (let i = 0; i <= 1000; i++) test = test.field(`f${i}`, 'x');
    const res = await test;
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ result: 'error', msg: 'Too many parameters' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('takes the last of a repeated multipart field, as of a repeated form field', async () => {
    const res = await request(app).post(`${API}/messages`).field('content', 'first').field('content', 'last');
    expect(res.status).toBe(200);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ params: { content: 'last' } }));
  });
});

describe('declared raw body limits', () => {
  const declare = (rawBody: { limit: number; upload?: boolean }) =>
    buildApp([defineEndpoint({ method: 'POST', path: '/raw', auth: 'public', params: {}, rawBody, handler })], logger);

  it("stay under the servers' Content-Length cap: above FIXED_BODY_LIMIT_MAX only for the upload, which the cap follows", () => {
    expect(() => declare({ limit: FIXED_BODY_LIMIT_MAX })).not.toThrow();
    expect(() => declare({ limit: FIXED_BODY_LIMIT_MAX + 1 })).toThrow(/only for the file upload/);
    expect(() => declare({ limit: uploadBodyLimit(100), upload: true })).not.toThrow();
    expect(maxRequestBodyBytes(100)).toBe(uploadBodyLimit(100));
    expect(maxRequestBodyBytes(1)).toBe(FIXED_BODY_LIMIT_MAX);
  });
});

/** Unknown paths, wrong methods and OPTIONS: JSON answers, never Express's HTML pages. */
import request from 'supertest';
import { p } from '@chat/http';
import { API, buildApp, echo, jsonText } from './helpers';

const app = buildApp([
  echo('GET', '/messages', {}),
  echo('POST', '/messages', {}),
  echo('GET', '/messages/:message_id', { message_id: p.int({ required: true }) }),
  echo('PATCH', '/messages/:message_id', { message_id: p.int({ required: true }) }),
  echo('DELETE', '/messages/:message_id', { message_id: p.int({ required: true }) }),
]);

const NOT_FOUND = '{"result":"error","msg":"Not Found"}\n';

describe('unknown paths', () => {
  it.each([`${API}/nope`, `${API}/messages/1/nope`, '/messages', '/', '/api/v2/messages'])('%s is a JSON 404', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(404);
    expect(jsonText(res)).toBe(NOT_FOUND);
  });

  it('is a JSON 404, not a 500, for a path segment that is not valid percent-encoding', async () => {
    const res = await request(app).get(`${API}/messages/%E0%A4%A`);
    expect(res.status).toBe(404);
    expect(jsonText(res)).toBe(NOT_FOUND);
  });

  it('is a JSON 404 for a POST with a body too', async () => {
    const res = await request(app).post(`${API}/nope`).type('form').send('a=1');
    expect(res.status).toBe(404);
    expect(jsonText(res)).toBe(NOT_FOUND);
  });
});

describe('wrong method on a known path', () => {
  it('is a 405 listing the allowed methods, with Allow', async () => {
    const res = await request(app).put(`${API}/messages`);
    expect(res.status).toBe(405);
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
    expect(JSON.parse(res.text)).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['GET', 'POST'],
    });
    expect(res.headers.allow).toBe('GET, POST');
  });

  it("has no trailing newline, as Zulip's json_method_not_allowed", async () => {
    const res = await request(app).delete(`${API}/messages`);
    expect(res.text).toBe('{"result":"error","msg":"Method Not Allowed","allowed_methods":["GET","POST"]}');
  });

  it('works for paths with parameters', async () => {
    const res = await request(app).post(`${API}/messages/12`);
    expect(res.status).toBe(405);
    expect(JSON.parse(res.text)).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['GET', 'PATCH', 'DELETE'],
    });
    expect(res.headers.allow).toBe('GET, PATCH, DELETE');
  });
});

describe('OPTIONS', () => {
  it('answers 204 with Allow and no body', async () => {
    const res = await request(app).options(`${API}/messages`);
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.text).toBe('');
  });

  it('answers for a path with parameters', async () => {
    const res = await request(app).options(`${API}/messages/3`);
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, PATCH, DELETE');
  });
});

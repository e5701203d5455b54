/** Where request variables come from: query string, form bodies, multipart, path. */
import request from 'supertest';
import { p, type Method } from '@chat/http';
import { API, buildApp, echo } from './helpers';

const params = { a: p.string(), n: p.int() };
const BODY_METHODS: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

const app = buildApp([
  echo('GET', '/echo', params),
  ...BODY_METHODS.map((method) => echo(method, '/echo', params)),
  echo('POST', '/defaults', {
    limit: p.int({ default: 10 }),
    apply_markdown: p.bool({ default: true }),
    narrow: p.json<unknown[]>({ default: [], schema: { type: 'array' } }),
    optional: p.string(),
  }),
  echo('GET', '/things/:thing_id', { thing_id: p.int({ required: true }) }),
  echo('POST', '/things/:thing_id', { thing_id: p.int({ required: true }), name: p.string() }),
  echo('POST', '/required', { content: p.string({ required: true }) }),
]);

function call(method: Method, path: string): request.Test {
  const agent = request(app);
  const url = `${API}${path}`;
  switch (method) {
    case 'GET':
      return agent.get(url);
    case 'HEAD':
      return agent.head(url);
    case 'POST':
      return agent.post(url);
    case 'PUT':
      return agent.put(url);
    case 'PATCH':
      return agent.patch(url);
    case 'DELETE':
      return agent.delete(url);
  }
}

describe('GET parameters', () => {
  it('come from the query string', async () => {
    const res = await request(app).get(`${API}/echo`).query({ a: 'hello world', n: '3' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', params: { a: 'hello world', n: 3 } });
  });

  it('take the last of a repeated name, as Django QueryDict does', async () => {
    const res = await request(app).get(`${API}/echo?a=first&a=last`);
    expect(res.body.params).toEqual({ a: 'last' });
  });
});

describe.each(BODY_METHODS)('%s parameters', (method) => {
  it('come from a form-urlencoded body', async () => {
    const res = await call(method, '/echo').type('form').send('a=caf%C3%A9+ol%C3%A9&n=-4');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', params: { a: 'café olé', n: -4 } });
  });

  it('come from a multipart body (fields only)', async () => {
    const res = await call(method, '/echo').field('a', 'multi').field('n', '5');
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ a: 'multi', n: 5 });
  });

  it('come from the query string (zulip-js sends PATCH and DELETE parameters there)', async () => {
    const res = await call(method, '/echo').query({ a: 'from-query', n: '6' });
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ a: 'from-query', n: 6 });
  });

  it('take the form body over the query string, merging the rest', async () => {
    const res = await call(method, '/echo').query({ a: 'query', n: '1' }).type('form').send('a=body');
    expect(res.body.params).toEqual({ a: 'body', n: 1 });
  });

  it('take a multipart body over the query string', async () => {
    const res = await call(method, '/echo').query({ a: 'query' }).field('a', 'body');
    expect(res.body.params).toEqual({ a: 'body' });
  });

  it('take the last of a repeated form field', async () => {
    const res = await call(method, '/echo').type('form').send('a=one&a=two');
    expect(res.body.params).toEqual({ a: 'two' });
  });
});

describe('parameters in general', () => {
  it('ignores unknown parameters', async () => {
    const res = await request(app).post(`${API}/echo`).query({ stray: '1' }).type('form').send('a=x&unknown=%5B1%5D&api_key=abc');
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ a: 'x' });
  });

  it('applies defaults and leaves absent optional parameters out', async () => {
    const res = await request(app).post(`${API}/defaults`);
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ limit: 10, apply_markdown: true, narrow: [] });
    expect(Object.keys(res.body.params)).not.toContain('optional');
  });

  it('lets given values override defaults', async () => {
    const res = await request(app)
      .post(`${API}/defaults`)
      .type('form')
      .send('limit=3&apply_markdown=false&narrow=%5B%7B%22operator%22%3A%22is%22%7D%5D&optional=o');
    expect(res.body.params).toEqual({
      limit: 3,
      apply_markdown: false,
      narrow: [{ operator: 'is' }],
      optional: 'o',
    });
  });

  it('does not parse JSON bodies (Zulip 2.1 reads only query and form variables)', async () => {
    const res = await request(app).post(`${API}/required`).send({ content: 'hello' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'content' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
  });
});

describe('path parameters', () => {
  it('are converted by the same specs', async () => {
    const res = await request(app).get(`${API}/things/42`);
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ thing_id: 42 });
  });

  it('are rejected like any other bad value', async () => {
    const res = await request(app).get(`${API}/things/abc`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Bad value for 'thing_id': abc",
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'thing_id',
      bad_value: 'abc',
    });
  });

  it('win over a body or query variable of the same name', async () => {
    const res = await request(app).post(`${API}/things/42`).query({ thing_id: '1' }).type('form').send('thing_id=7&name=n');
    expect(res.body.params).toEqual({ thing_id: 42, name: 'n' });
  });
});

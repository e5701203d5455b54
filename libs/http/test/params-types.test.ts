/** Conversion and validation of request variables: Zulip's REQ rules and exact error bodies. */
import request from 'supertest';
import { badRequest } from '@chat/errors';
import { defineEndpoint, p } from '@chat/http';
import { API, buildApp, echo, jsonText } from './helpers';

const handler = jest.fn(() => ({}));

const app = buildApp([
  echo('GET', '/bool', { flag: p.bool() }),
  echo('GET', '/int', { n: p.int(), positive: p.int({ schema: { minimum: 1 } }), wide: p.int({ range: p.INT64 }) }),
  echo('GET', '/list', { to: p.json<number[]>({ schema: { type: 'array', items: { type: 'integer' } } }) }),
  echo('GET', '/object', {
    obj: p.json<{ name: string }>({
      schema: {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
        additionalProperties: false,
      },
    }),
  }),
  echo('GET', '/short', { s: p.string({ schema: { maxLength: 3 } }) }),
  echo('GET', '/topic', { topic: p.string({ aliases: ['subject'] }) }),
  echo('POST', '/topic-required', { topic: p.string({ required: true, aliases: ['subject'] }) }),
  echo('GET', '/custom', {
    to: p.custom(
      (raw) => {
        if (raw === 'reject') throw badRequest('Invalid recipients');
        return raw.split(',');
      },
      { schema: { type: 'array', items: { type: 'string' } } },
    ),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/messages',
    auth: 'public',
    params: {
      type: p.string({ required: true }),
      content: p.string({ required: true, nulError: () => badRequest('Message must not contain null bytes') }),
      flag: p.bool(),
    },
    handler,
  }),
]);

beforeEach(() => handler.mockClear());

describe('booleans', () => {
  it.each([
    ['true', true],
    ['false', false],
  ])('accepts %s', async (raw, value) => {
    const res = await request(app).get(`${API}/bool`).query({ flag: raw });
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ flag: value });
  });

  it.each(['True', 'FALSE', '1', '0', 'yes', '', '"true"'])('rejects %j as not JSON', async (raw) => {
    const res = await request(app).get(`${API}/bool`).query({ flag: raw });
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe('{"result":"error","msg":"Argument \\"flag\\" is not valid JSON.","code":"BAD_REQUEST"}\n');
  });
});

describe('integers', () => {
  it.each([
    ['42', 42],
    ['-7', -7],
    ['0', 0],
    [' 12 ', 12],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
  ])('accepts %j', async (raw, value) => {
    const res = await request(app).get(`${API}/int`).query({ n: raw });
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ n: value });
  });

  it.each([
    // Zulip clients send 10^16 as the "newest" anchor: beyond 2^53 the magnitude is kept.
    ['10000000000000000', 1e16],
    // Read as numbers (rounded past 2^53), accepted because the exact text is within 64 bits.
    ['9223372036854775807', Number('9223372036854775807')],
    ['-9223372036854775808', -(2 ** 63)],
  ])('accepts %j where a 64-bit range is declared', async (raw, value) => {
    const res = await request(app).get(`${API}/int`).query({ wide: raw });
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ wide: value });
  });

  it.each([
    ['n', '2147483648'],
    ['n', '-2147483649'],
    ['n', '9223372036854775808'],
    ['wide', '9223372036854775808'],
    ['wide', '-9223372036854775809'],
  ])('refuses %s=%s, past the column range, as a bad value', async (name, raw) => {
    const res = await request(app)
      .get(`${API}/int`)
      .query({ [name]: raw });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msg: `Bad value for '${name}': ${raw}`, code: 'REQUEST_VARIABLE_INVALID' });
  });

  it.each(['[2147483648]', '[1,-2147483649]', '[[1e308]]'])('refuses a JSON list holding %s', async (raw) => {
    const res = await request(app).get(`${API}/list`).query({ to: raw });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msg: `Bad value for 'to': ${raw}` });
  });

  it.each(['abc', '1.5', '1e3', '', '0x10', '12abc', '- 1', `1${'0'.repeat(400)}`])('rejects %j', async (raw) => {
    const res = await request(app).get(`${API}/int`).query({ n: raw });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: `Bad value for 'n': ${raw}`,
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'n',
      bad_value: raw,
    });
  });

  it('checks the declared schema after conversion, showing the raw value', async () => {
    const res = await request(app).get(`${API}/int`).query({ positive: '0' });
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe(
      '{"result":"error","msg":"Bad value for \'positive\': 0","code":"REQUEST_VARIABLE_INVALID","var_name":"positive","bad_value":"0"}\n',
    );
  });
});

describe('JSON-encoded lists and objects', () => {
  it('decodes a list that matches the schema', async () => {
    const res = await request(app).get(`${API}/list`).query({ to: '[1, 2, 3]' });
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ to: [1, 2, 3] });
  });

  it.each(['[1,"x"]', '{"a":1}', '"1,2"', '[1.5]'])('rejects %s, of the wrong shape', async (raw) => {
    const res = await request(app).get(`${API}/list`).query({ to: raw });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: `Bad value for 'to': ${raw}`,
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'to',
      bad_value: raw,
    });
  });

  it.each(['[1,2', 'not json', "['a']", ''])('rejects %j, which is not JSON', async (raw) => {
    const res = await request(app).get(`${API}/list`).query({ to: raw });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Argument "to" is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('decodes an object that matches the schema', async () => {
    const res = await request(app).get(`${API}/object`).query({ obj: '{"name":"Verona"}' });
    expect(res.body.params).toEqual({ obj: { name: 'Verona' } });
  });

  it.each(['{}', '{"name":1}', '{"name":"x","extra":true}', '["name"]'])('rejects the object %s', async (raw) => {
    const res = await request(app).get(`${API}/object`).query({ obj: raw });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: `Bad value for 'obj': ${raw}`,
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'obj',
      bad_value: raw,
    });
  });
});

describe('strings and custom conversions', () => {
  it('checks a string against its schema', async () => {
    const ok = await request(app).get(`${API}/short`).query({ s: 'abc' });
    expect(ok.body.params).toEqual({ s: 'abc' });
    const bad = await request(app).get(`${API}/short`).query({ s: 'abcd' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ msg: "Bad value for 's': abcd", var_name: 's' });
  });

  it('runs a custom converter and validates its result', async () => {
    const res = await request(app).get(`${API}/custom`).query({ to: 'iago@zulip.com,hamlet@zulip.com' });
    expect(res.body.params).toEqual({ to: ['iago@zulip.com', 'hamlet@zulip.com'] });
  });

  it('renders the ApiError a custom converter throws', async () => {
    const res = await request(app).get(`${API}/custom`).query({ to: 'reject' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Invalid recipients', code: 'BAD_REQUEST' });
  });

  it.each([
    ['/topic', { topic: 'a\u0000b' }, 'topic'],
    ['/custom', { to: 'a@b,c\u0000d' }, 'to'],
    ['/object', { obj: '{"name":"\\u0000"}' }, 'obj'],
    ['/object', { obj: '{"\\u0000":"x"}' }, 'obj'],
  ])('refuses NUL anywhere in a value: %s %j', async (path, query, name) => {
    const res = await request(app).get(`${API}${path}`).query(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: `'${name}' cannot contain NULL (0x00) characters.`,
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: name,
    });
  });

  it("gives an endpoint's own NUL error where it declares one", async () => {
    const res = await request(app).post(`${API}/messages`).type('form').send({ type: 'stream', content: 'a\u0000b' });
    expect(res.body).toEqual({ result: 'error', msg: 'Message must not contain null bytes', code: 'BAD_REQUEST' });
  });
});

describe('required parameters', () => {
  it("answers a missing one with Zulip's exact body", async () => {
    const res = await request(app).post(`${API}/messages`).type('form').send('type=stream');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'content' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
    expect(jsonText(res)).toBe(
      '{"result":"error","msg":"Missing \'content\' argument","code":"REQUEST_VARIABLE_MISSING","var_name":"content"}\n',
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('accepts an empty string as present', async () => {
    const res = await request(app).post(`${API}/messages`).type('form').send('type=stream&content=');
    expect(res.status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('never calls the handler when a value is bad', async () => {
    const res = await request(app).post(`${API}/messages`).type('form').send('type=stream&content=x&flag=1');
    expect(res.status).toBe(400);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('aliases', () => {
  it.each(['topic', 'subject'])('accepts the value under %s', async (name) => {
    const res = await request(app)
      .get(`${API}/topic`)
      .query({ [name]: 'lunch' });
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ topic: 'lunch' });
  });

  it('refuses both names at once', async () => {
    const res = await request(app).get(`${API}/topic`).query({ subject: 'a', topic: 'b' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Can't decide between 'topic' and 'subject' arguments",
      code: 'REQUEST_CONFUSING_VAR',
      var_name1: 'topic',
      var_name2: 'subject',
    });
  });

  it('refuses both names when one is in the query and the other in the body', async () => {
    const res = await request(app).post(`${API}/topic-required`).query({ topic: 'a' }).type('form').send('subject=b');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUEST_CONFUSING_VAR');
  });

  it('names the canonical parameter when neither is given', async () => {
    const res = await request(app).post(`${API}/topic-required`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing 'topic' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'topic',
    });
  });
});

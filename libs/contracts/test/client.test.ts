/** The typed client encodes as Zulip's clients do and reads answers by their declarations. */
import { ChatClient, declareEndpoints, matchContract, p, type WireRequest } from '@chat/contracts';

const api = declareEndpoints('message', {
  getThing: {
    method: 'GET',
    path: '/things/:thing_id',
    auth: 'user',
    summary: 'a thing',
    params: { thing_id: p.int({ required: true }), narrow: p.json<unknown[]>({ schema: { type: 'array' } }), flag: p.bool() },
    success: { thing: 'object', count: 'integer?' },
  },
  postThing: {
    method: 'POST',
    path: '/things',
    auth: 'user',
    summary: 'make a thing',
    params: { name: p.string({ required: true }), to: p.json<string[]>({ schema: { type: 'array' } }) },
    success: { id: 'integer' },
  },
  fetchFile: {
    method: 'GET',
    path: '/files/:realm_id/*path',
    auth: 'user',
    summary: 'a file',
    params: { realm_id: p.int({ required: true }), path: p.string({ required: true }) },
    success: {},
  },
  hook: {
    method: 'POST',
    path: '/external/x',
    auth: 'webhook',
    summary: 'a hook',
    params: { stream: p.string() },
    success: {},
    rawBody: { limit: 10 },
  },
  open: { method: 'GET', path: '/open', auth: 'public', summary: 'anyone', params: {}, success: {} },
});

function recording(answer: { status: number; body: unknown } = { status: 200, body: { result: 'success', msg: '' } }) {
  const sent: WireRequest[] = [];
  const client = new ChatClient({
    credentials: { email: 'ünïcode@example.com', apiKey: 'KEY' },
    transport: async (request) => {
      sent.push(request);
      return { ...answer, contentType: 'application/json' };
    },
  });
  return { client, sent };
}

describe('ChatClient', () => {
  it('puts GET parameters in the query, JSON-encoding all but strings, and path parameters in the path', async () => {
    const { client, sent } = recording();
    await client.call(api.getThing, { thing_id: 7, narrow: [{ operator: 'is', operand: 'starred' }], flag: false });
    expect(sent[0]!.method).toBe('GET');
    const url = new URL(sent[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/things/7');
    expect(Object.fromEntries(url.searchParams)).toEqual({ narrow: '[{"operator":"is","operand":"starred"}]', flag: 'false' });
    expect(sent[0]!.body).toBeUndefined();
    expect(sent[0]!.headers.Authorization).toBe(`Basic ${Buffer.from('ünïcode@example.com:KEY').toString('base64')}`);
  });

  it('sends other methods as a form', async () => {
    const { client, sent } = recording({ status: 200, body: { result: 'success', msg: '', id: 3 } });
    const answer = await client.call(api.postThing, { name: 'a b', to: ['x@example.com'] });
    expect(answer.id).toBe(3);
    expect(sent[0]!.url).toBe('/api/v1/things');
    expect(sent[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body as string))).toEqual({ name: 'a b', to: '["x@example.com"]' });
  });

  it('keeps the slashes of a wildcard path and escapes each segment', async () => {
    const { client, sent } = recording();
    await client.call(api.fetchFile, { realm_id: 2, path: 'ab/c d.txt' });
    expect(sent[0]!.url).toBe('/api/v1/files/2/ab/c%20d.txt');
  });

  it('authenticates a webhook by api_key in the query, with the raw body as given; a public call without credentials', async () => {
    const { client, sent } = recording();
    await client.call(api.hook, { stream: 'alerts' }, { body: '{"a":1}', contentType: 'application/json' });
    expect(sent[0]!.url).toBe('/api/v1/external/x?stream=alerts&api_key=KEY');
    expect(sent[0]!.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(sent[0]!.body).toBe('{"a":1}');
    await client.call(api.open);
    expect(sent[1]!.headers.Authorization).toBeUndefined();
  });

  it('returns an error answer from request and throws it from call', async () => {
    const error = { result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' };
    const { client } = recording({ status: 400, body: error });
    expect(await client.request(api.postThing, { name: 'x' })).toEqual({
      ok: false,
      status: 400,
      contentType: 'application/json',
      body: error,
    });
    await expect(client.call(api.postThing, { name: 'x' })).rejects.toMatchObject({ status: 400, body: error });
  });
});

describe('matchContract', () => {
  it('finds the declaration serving a concrete path, with its path parameters', () => {
    const contracts = Object.values(api);
    expect(matchContract(contracts, 'GET', '/things/12')).toEqual({ contract: api.getThing, pathParams: { thing_id: '12' } });
    expect(matchContract(contracts, 'GET', '/files/1/a/b%20c.txt')?.pathParams).toEqual({ realm_id: '1', path: 'a/b c.txt' });
    expect(matchContract(contracts, 'DELETE', '/things/12')).toBeUndefined();
  });
});

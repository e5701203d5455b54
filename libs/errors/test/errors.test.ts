import {
  ApiError,
  badEventQueueId,
  badRequest,
  confusingArguments,
  escapeHtml,
  invalidArgument,
  malformedJson,
  missingArgument,
  notFound,
  plainError,
  streamDoesNotExist,
  unauthorized,
} from '@chat/errors';

describe('ApiError', () => {
  it('defaults to status 400, no code, no extras, no headers', () => {
    const error = new ApiError('Nothing to change');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('Nothing to change');
    expect(error.status).toBe(400);
    expect(error.code).toBeUndefined();
    expect(error.extra).toEqual({});
    expect(error.headers).toEqual({});
    expect(error.body()).toEqual({ result: 'error', msg: 'Nothing to change' });
    expect(Object.keys(error.body())).toEqual(['result', 'msg']);
  });

  it('orders the body result, msg, code, then the extra keys', () => {
    const error = new ApiError('Invalid narrow operator: x', {
      code: 'BAD_NARROW',
      status: 422,
      extra: { desc: 'x', more: [1] },
    });
    expect(JSON.stringify(error.body())).toBe(
      '{"result":"error","msg":"Invalid narrow operator: x","code":"BAD_NARROW","desc":"x","more":[1]}',
    );
    expect(error.status).toBe(422);
  });

  it('keeps headers out of the body', () => {
    const error = new ApiError('API usage exceeded rate limit', {
      status: 429,
      headers: { 'Retry-After': '0.5' },
      extra: { 'retry-after': 0.5 },
    });
    expect(error.headers).toEqual({ 'Retry-After': '0.5' });
    expect(error.body()).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', 'retry-after': 0.5 });
  });
});

describe('Zulip error helpers', () => {
  it('badRequest is JsonableError: BAD_REQUEST, 400', () => {
    const error = badRequest('Invalid stream name');
    expect(error.status).toBe(400);
    expect(error.body()).toEqual({ result: 'error', msg: 'Invalid stream name', code: 'BAD_REQUEST' });
  });

  it('plainError is json_error: no code, 400 unless told', () => {
    expect(plainError('Topic already muted').body()).toEqual({ result: 'error', msg: 'Topic already muted' });
    expect(plainError('Topic already muted').status).toBe(400);
    expect(plainError('Forbidden', 403).status).toBe(403);
  });

  it('missingArgument', () => {
    const error = missingArgument('content');
    expect(JSON.stringify(error.body())).toBe(
      '{"result":"error","msg":"Missing \'content\' argument","code":"REQUEST_VARIABLE_MISSING","var_name":"content"}',
    );
    expect(error.status).toBe(400);
  });

  it('invalidArgument shows a string as it is', () => {
    expect(invalidArgument('anchor', 'abc').body()).toEqual({
      result: 'error',
      msg: "Bad value for 'anchor': abc",
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'anchor',
      bad_value: 'abc',
    });
  });

  it.each([
    [5, '5'],
    [[1, 'x'], '[1,"x"]'],
    [{ a: true }, '{"a":true}'],
    [null, 'null'],
    [false, 'false'],
  ])('invalidArgument JSON-encodes the non-string %j in msg and keeps it in bad_value', (value, shown) => {
    const body = invalidArgument('x', value).body();
    expect(body.msg).toBe(`Bad value for 'x': ${shown}`);
    expect(body.bad_value).toEqual(value);
    expect(Object.keys(body)).toEqual(['result', 'msg', 'code', 'var_name', 'bad_value']);
  });

  it('confusingArguments', () => {
    expect(confusingArguments('topic', 'subject').body()).toEqual({
      result: 'error',
      msg: "Can't decide between 'topic' and 'subject' arguments",
      code: 'REQUEST_CONFUSING_VAR',
      var_name1: 'topic',
      var_name2: 'subject',
    });
  });

  it('malformedJson', () => {
    expect(malformedJson().body()).toEqual({ result: 'error', msg: 'Malformed JSON', code: 'INVALID_JSON' });
  });

  it('streamDoesNotExist escapes the name in msg, not in the stream key', () => {
    const name = `<b>Tom & "Jerry's"</b>`;
    expect(streamDoesNotExist(name).body()).toEqual({
      result: 'error',
      msg: "Stream '&lt;b&gt;Tom &amp; &quot;Jerry&#39;s&quot;&lt;/b&gt;' does not exist",
      code: 'STREAM_DOES_NOT_EXIST',
      stream: name,
    });
  });

  it('badEventQueueId', () => {
    expect(badEventQueueId('1375801870:2942').body()).toEqual({
      result: 'error',
      msg: 'Bad event queue id: 1375801870:2942',
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: '1375801870:2942',
    });
  });

  it('unauthorized is a 401 without code, with the Basic challenge', () => {
    const error = unauthorized('Invalid API key');
    expect(error.status).toBe(401);
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Basic realm="zulip"' });
    expect(error.body()).toEqual({ result: 'error', msg: 'Invalid API key' });
  });

  it('notFound is a 404 without code', () => {
    expect(notFound().status).toBe(404);
    expect(notFound().body()).toEqual({ result: 'error', msg: 'Not Found' });
    expect(notFound('No such message').body()).toEqual({ result: 'error', msg: 'No such message' });
  });
});

describe('escapeHtml', () => {
  it("escapes as Django's escape() of Zulip 2.1", () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('escapes & first, so an entity is escaped once, not twice', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text alone', () => {
    expect(escapeHtml('Denmark — café / #general')).toBe('Denmark — café / #general');
  });
});

/** The one place errors become responses: ApiErrors as Zulip's envelope, anything else a logged 500. */
import request from 'supertest';
import { ApiError, badRequest, plainError } from '@chat/errors';
import { createLogger } from '@chat/log';
import { defineEndpoint, type AnyEndpoint } from '@chat/http';
import { API, buildApp, jsonText } from './helpers';

function throwing(path: string, fail: () => never | Promise<never>): AnyEndpoint {
  return defineEndpoint({ method: 'GET', path, auth: 'public', params: {}, handler: () => fail() });
}

const SECRET_DETAIL = 'connect ECONNREFUSED postgres://admin:hunter2@db:5432';
const logger = createLogger('silent');
const logError = jest.spyOn(logger, 'error');

const app = buildApp(
  [
    throwing('/crash', () => {
      throw new Error(SECRET_DETAIL);
    }),
    throwing('/crash-async', async () => {
      await Promise.resolve();
      throw new TypeError(SECRET_DETAIL);
    }),
    throwing('/crash-string', () => {
      throw SECRET_DETAIL;
    }),
    throwing('/plain', () => {
      throw plainError('Nothing to change');
    }),
    throwing('/forbidden', () => {
      throw plainError('Must be an organization administrator', 403);
    }),
    throwing('/bad-request', async () => {
      await Promise.resolve();
      throw badRequest('Invalid stream name');
    }),
    throwing('/narrow', () => {
      throw new ApiError('Invalid narrow operator: unknown operator', {
        code: 'BAD_NARROW',
        extra: { desc: 'unknown operator' },
      });
    }),
    throwing('/rate-limited', () => {
      throw new ApiError('API usage exceeded rate limit', {
        status: 429,
        extra: { 'retry-after': 0.5 },
        headers: { 'Retry-After': '0.5', 'X-RateLimit-Remaining': '0' },
      });
    }),
  ],
  logger,
);

beforeEach(() => logError.mockClear());

describe('unexpected errors', () => {
  it.each(['/crash', '/crash-async', '/crash-string'])('%s is a 500 that hides the details', async (path) => {
    const res = await request(app).get(`${API}${path}`);
    expect(res.status).toBe(500);
    expect(jsonText(res)).toBe('{"result":"error","msg":"Internal server error"}\n');
    expect(res.text).not.toContain('ECONNREFUSED');
    expect(res.text).not.toContain('hunter2');
  });

  it('logs the error under the id it sends in X-Error-Id', async () => {
    const res = await request(app).get(`${API}/crash`);
    const errorId = res.headers['x-error-id'];
    expect(errorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(logError).toHaveBeenCalledTimes(1);
    const [fields, message] = logError.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe('unhandled error');
    expect(fields).toMatchObject({ errorId, method: 'GET', path: `${API}/crash` });
    expect((fields.err as Error).message).toBe(SECRET_DETAIL);
  });

  it('gives each 500 its own id', async () => {
    const first = await request(app).get(`${API}/crash`);
    const second = await request(app).get(`${API}/crash`);
    expect(first.headers['x-error-id']).not.toBe(second.headers['x-error-id']);
  });
});

describe('ApiError rendering', () => {
  it('omits code when the error has none (json_error)', async () => {
    const res = await request(app).get(`${API}/plain`);
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe('{"result":"error","msg":"Nothing to change"}\n');
  });

  it('uses a custom status', async () => {
    const res = await request(app).get(`${API}/forbidden`);
    expect(res.status).toBe(403);
    expect(jsonText(res)).toBe('{"result":"error","msg":"Must be an organization administrator"}\n');
  });

  it('renders code BAD_REQUEST for a JsonableError, thrown asynchronously', async () => {
    const res = await request(app).get(`${API}/bad-request`);
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe('{"result":"error","msg":"Invalid stream name","code":"BAD_REQUEST"}\n');
  });

  it('puts extra keys after result, msg and code', async () => {
    const res = await request(app).get(`${API}/narrow`);
    expect(res.status).toBe(400);
    expect(jsonText(res)).toBe(
      '{"result":"error","msg":"Invalid narrow operator: unknown operator","code":"BAD_NARROW","desc":"unknown operator"}\n',
    );
  });

  it('sends a custom status and headers', async () => {
    const res = await request(app).get(`${API}/rate-limited`);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('0.5');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(jsonText(res)).toBe('{"result":"error","msg":"API usage exceeded rate limit","retry-after":0.5}\n');
  });

  it('neither logs an ApiError nor sends an error id', async () => {
    const res = await request(app).get(`${API}/plain`);
    expect(res.headers['x-error-id']).toBeUndefined();
    expect(logError).not.toHaveBeenCalled();
  });
});

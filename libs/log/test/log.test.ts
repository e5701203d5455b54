import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { currentRequestId, isValidRequestId, runWithRequestContext } from '../src';

describe('request context', () => {
  it('follows the work through awaits and timers, and only that work', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await runWithRequestContext({ requestId: 'r-1' }, async () => {
      await new Promise((r) => setTimeout(r)); // a timer's callback, not a wait: the context must survive it
      return currentRequestId();
    });
    expect(seen).toBe('r-1');
    expect(currentRequestId()).toBeUndefined();
  });

  it('accepts bounded token ids only', () => {
    expect(isValidRequestId('0f8e-abc_1.2:x')).toBe(true);
    expect(isValidRequestId('a b')).toBe(false);
    expect(isValidRequestId('x'.repeat(129))).toBe(false);
    expect(isValidRequestId(['a'])).toBe(false);
  });
});

describe('createLogger', () => {
  it('writes JSON with the current request id and redacts credentials', () => {
    // pino writes to file descriptor 1 directly, so the logger runs in a child process.
    const script = `
      const { createLogger, runWithRequestContext } = require('@chat/log');
      const log = createLogger('info', 'probe');
      runWithRequestContext({ requestId: 'req-42' }, () => log.info({
        req: { headers: { authorization: 'Basic aGFtbGV0OnNlY3JldA==', 'x-chat-signature': 'sig' } },
        params: { api_key: 'k1', password: 'p1' }, api_key: 'k2', password: 'p2', body: { password: 'p3' },
      }, 'hello'));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: resolve(__dirname, '..'), encoding: 'utf8' });
    const line = JSON.parse(out.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ name: 'probe', msg: 'hello', requestId: 'req-42' });
    for (const secret of ['aGFtbGV0OnNlY3JldA', 'sig', 'k1', 'k2', 'p1', 'p2', 'p3']) expect(out).not.toContain(`"${secret}`);
  });
});

describe('bounded log lines', () => {
  const run = (script: string): string =>
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: resolve(__dirname, '..'), encoding: 'utf8' });

  it('logs a database error by its SQLSTATE and place, never its statement, values or detail', () => {
    const out = run(`
      const { createLogger } = require('@chat/log');
      const err = new Error('insert into "messages" ("content") values ($1) - secret-content-here');
      Object.assign(err, { code: '22021', severity: 'ERROR', routine: 'report_invalid_encoding', table: 'messages',
        detail: 'Key (email)=(victim@example.com) already exists.', query: 'insert ...', params: ['secret-content-here'] });
      createLogger('info', 'probe').error({ err, errorId: 'e1' }, 'unhandled error');
    `);
    const line = JSON.parse(out.trim()) as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({ type: 'Error', code: '22021', routine: 'report_invalid_encoding', table: 'messages' });
    expect(out).not.toContain('secret-content-here');
    expect(out).not.toContain('victim@example.com');
    expect(out).not.toContain('insert');
  });

  it('clips long strings and lists, so one large request cannot write a large line', () => {
    const out = run(`
      const { createLogger } = require('@chat/log');
      createLogger('info', 'probe').warn({ body: 'x'.repeat(1_000_000), ids: Array.from({ length: 100000 }, (_, i) => i),
        err: new Error('y'.repeat(1_000_000)) }, 'big');
    `);
    expect(out.length).toBeLessThan(10_000);
    expect(JSON.parse(out.trim())).toMatchObject({ msg: 'big' });
  });
});

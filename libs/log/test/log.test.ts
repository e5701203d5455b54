import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { currentRequestId, isValidRequestId, runWithRequestContext } from '../src';

describe('request context', () => {
  it('follows the work through awaits and timers, and only that work', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await runWithRequestContext({ requestId: 'r-1' }, async () => {
      await new Promise((r) => setTimeout(r, 5));
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

import { hasSettled, provesNothingHappensFor, waitFor, waitForSuccess, waitForValue, WaitTimeout } from '../src';

describe('waits', () => {
  it('waitForValue returns the first value produced, and names what it waited for when none comes', async () => {
    let checks = 0;
    expect(await waitForValue(() => (++checks === 3 ? 'third' : undefined), 1_000, { stepMs: 1 })).toBe('third');
    const never = waitForValue(() => undefined, 30, { what: 'a value' });
    await expect(never).rejects.toThrow(WaitTimeout);
    await expect(never).rejects.toThrow('a value not met within 30 ms');
  });

  it('waitFor resolves once the predicate holds, sync or async', async () => {
    let ready = false;
    const waiting = waitFor(async () => Promise.resolve(ready), 1_000);
    ready = true;
    await expect(waiting).resolves.toBeUndefined();
  });

  it('waitForSuccess retries what throws, and rethrows its last error when out of time', async () => {
    let tries = 0;
    const flaky = async () => {
      if (++tries < 3) throw new Error(`try ${tries}`);
      return tries;
    };
    expect(await waitForSuccess(flaky, 1_000, { stepMs: 1 })).toBe(3);
    await expect(waitForSuccess(() => Promise.reject(new Error('still down')), 30)).rejects.toThrow('still down');
  });

  it('provesNothingHappensFor passes a quiet window and fails as soon as the thing happens', async () => {
    await expect(provesNothingHappensFor(20, () => false, 'anything')).resolves.toBeUndefined();
    const started = performance.now();
    let calls = 0;
    await expect(provesNothingHappensFor(5_000, () => ++calls > 2, 'a delivery')).rejects.toThrow('a delivery happened within 5000 ms');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('hasSettled tells whether a promise has settled, either way', async () => {
    let resolve!: () => void;
    const pending = new Promise<void>((r) => (resolve = r));
    const resolved = hasSettled(pending);
    const rejecting = Promise.reject(new Error('no'));
    const rejected = hasSettled(rejecting);
    expect(resolved()).toBe(false);
    resolve();
    await pending;
    await rejecting.catch(() => undefined);
    expect([resolved(), rejected()]).toEqual([true, true]);
  });
});

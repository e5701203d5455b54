/**
 * The parts every integration shares: event filters with shell-style wildcards, signature checks,
 * the unsupported-event answer and ignored events, as the framework runs them for a declaration.
 */
import { createHmac } from 'node:crypto';
import { ApiError } from '@chat/errors';
import { branchIsNotifiable, eventFilter } from '../src/framework/filters';
import type { EventIntegration, WebhookRequest } from '../src/framework/integration';
import { messagesFor } from '../src/framework/run';

function req(body: unknown, query: Record<string, string> = {}, headers: Record<string, string> = {}): WebhookRequest {
  return { body: Buffer.from(JSON.stringify(body)), query, headers };
}

const sample: EventIntegration = {
  name: 'sample',
  eventHeader: 'X-Sample-Event',
  events: {
    build: (payload) => ({ topic: 'builds', content: `build ${String(payload.result)}`, eventType: `build_${String(payload.result)}` }),
    note: () => [
      { topic: 'a', content: 'one' },
      { topic: 'b', content: 'two' },
    ],
  },
  ignoredEvents: ['ping'],
  signature: { header: 'X-Sample-Signature', algorithm: 'sha256', prefix: 'sha256=' },
};

function errorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('no error');
}

/** The sample names nobody of the realm. */
const NO_USERS = { byDeliveryEmail: async () => undefined, byNameOrEmailPrefix: async () => undefined };

function run(request: WebhookRequest) {
  return messagesFor(sample, 'Sample', request, NO_USERS);
}

async function failure(request: WebhookRequest): Promise<ApiError> {
  const err: unknown = await run(request).then(
    () => new Error('no error'),
    (e: unknown) => e,
  );
  if (err instanceof ApiError) return err;
  throw err;
}

describe('event filters', () => {
  it('match whole names with *, ? and [...] as fnmatch does', () => {
    const keep = eventFilter({ only_events: '["pull_request_*", "issue?", "build_[ps]*"]' });
    expect(['pull_request_opened', 'issues', 'build_passed', 'build_started'].map(keep)).toEqual([true, true, true, true]);
    expect(['pull_request', 'issue', 'build_failed', 'xpull_request_opened'].map(keep)).toEqual([false, false, false, false]);
    expect(eventFilter({ exclude_events: '["*"]' })('anything')).toBe(false);
    expect(eventFilter({ only_events: '["a.b"]' })('aXb')).toBe(false);
  });

  it('refuse a filter that is not a JSON list of strings', () => {
    expect(errorOf(() => eventFilter({ only_events: 'push' })).message).toBe('only_events is not valid JSON');
    expect(errorOf(() => eventFilter({ exclude_events: '["a", 1]' })).message).toBe('exclude_events[1] is not a string');
    expect(errorOf(() => eventFilter({ only_events: '"push"' })).message).toBe('only_events is not a list');
  });

  it('tell which branches are notified', () => {
    expect(branchIsNotifiable('main', undefined)).toBe(true);
    expect(branchIsNotifiable('main', 'dev, main')).toBe(true);
    expect(branchIsNotifiable('mai', 'main')).toBe(false);
  });
});

describe('a declared integration', () => {
  it('runs the handler of the header’s event and filters its messages by their event type', async () => {
    const headers = { 'x-sample-event': 'build' };
    expect(await run(req({ result: 'passed' }, {}, headers))).toEqual([
      { topic: 'builds', content: 'build passed', eventType: 'build_passed' },
    ]);
    expect(await run(req({ result: 'passed' }, { exclude_events: '["build_p*"]' }, headers))).toEqual([]);
    expect(await run(req({}, {}, { 'x-sample-event': 'note' }))).toHaveLength(2);
  });

  it('answers an ignored event with nothing and an unknown one as unsupported, 200', async () => {
    expect(await run(req({}, {}, { 'x-sample-event': 'ping' }))).toEqual([]);
    const err = await failure(req({}, {}, { 'x-sample-event': 'star' }));
    expect({ status: err.status, body: err.body() }).toEqual({
      status: 200,
      body: {
        result: 'error',
        msg: "The 'star' event isn't currently supported by the Sample webhook; ignoring",
        code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
        webhook_name: 'Sample',
        event_type: 'star',
      },
    });
    expect((await failure(req({}))).code).toBe('MISSING_HTTP_EVENT_HEADER');
  });

  it('checks the signature only when the URL carries webhook_secret, and then strictly', async () => {
    const body = { result: 'passed' };
    const raw = Buffer.from(JSON.stringify(body));
    const good = `sha256=${createHmac('sha256', 's3cret').update(raw).digest('hex')}`;
    const headers = { 'x-sample-event': 'build' };
    expect(await run(req(body, {}, headers))).toHaveLength(1);
    expect(await run(req(body, { webhook_secret: 's3cret' }, { ...headers, 'x-sample-signature': good }))).toHaveLength(1);
    for (const signature of [undefined, good.slice(0, -2), good.replace('sha256=', 'sha1='), `${good}00`, 'sha256=zz']) {
      const sent = signature === undefined ? headers : { ...headers, 'x-sample-signature': signature };
      const err = await failure(req(body, { webhook_secret: 's3cret' }, sent));
      expect(err.message).toBe('Webhook signature verification failed.');
    }
  });
});

/** Sentry beyond Zulip's own tests (test/zulip-webhooks): its client, and what it does not tell. */
import { fixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.internal.calls = [];
});

const issueResolved = () =>
  JSON.parse(fixture('sentry', 'issue_resolved.json')) as {
    action: string;
    data: Record<string, unknown>;
  };

const post = (payload: unknown) => h.post('/external/sentry?stream=Denmark', JSON.stringify(payload), 'application/json');

describe('sentry', () => {
  it('posts as ZulipSentryWebhook', async () => {
    await post(issueResolved());
    expect(h.internal.calls[0]?.params.client).toBe('ZulipSentryWebhook');
  });

  it("ignores, with Zulip's 200 answer, an issue action it does not tell and data it does not know", async () => {
    const archived = await post({ ...issueResolved(), action: 'archived' });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({
      msg: "The 'archived action' event isn't currently supported by the Sentry webhook; ignoring",
      code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
    });
    // The integration platform's notice of its own installation.
    const installation = await post({ action: 'created', data: { installation: { uuid: 'x' } } });
    expect(installation.body).toMatchObject({
      msg: "The '['installation']' event isn't currently supported by the Sentry webhook; ignoring",
    });
    expect(h.internal.posted()).toEqual([]);
  });
});

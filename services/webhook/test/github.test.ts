/**
 * GitHub behaviour Zulip's own cases (test/zulip-webhooks/github) do not show: the client name,
 * how events and actions no handler knows are answered, which names `only_events` matches, the
 * private-repository option on any event, and the missing event header. On Zulip's fixtures.
 */
import { fixture, webhookHarness, type WebhookHarness } from './helpers';

const zulipFixture = (name: string) => fixture('github', name);

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

async function post(query: string, body: string, event?: string) {
  h.internal.calls = [];
  const res = await h.post(`/external/github?stream=Denmark${query}`, body, 'application/json', event ? { 'X-GitHub-Event': event } : {});
  return { status: res.status, body: res.body as Record<string, unknown>, posted: h.internal.posted() };
}

/** Zulip's answer: 200, so GitHub does not count a failed delivery, but an error body. */
const unsupported = (eventType: string) => ({
  result: 'error',
  msg: `The '${eventType}' event isn't currently supported by the GitHub webhook; ignoring`,
  code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
  webhook_name: 'GitHub',
  event_type: eventType,
});

describe('github', () => {
  it('posts as ZulipGitHubWebhook', async () => {
    await post('', zulipFixture('push__1_commit.json'), 'push');
    expect(h.internal.calls[0]?.params.client).toBe('ZulipGitHubWebhook');
  });

  it('answers a pull request action it does not know with the event and action', async () => {
    const payload = { ...JSON.parse(zulipFixture('pull_request__opened.json')), action: 'enqueued' };
    const r = await post('', JSON.stringify(payload), 'pull_request');
    expect(r).toMatchObject({ status: 200, body: unsupported('pull_request:enqueued'), posted: [] });
  });

  it('answers an event no handler knows with its action, or ??? without one', async () => {
    expect((await post('', '{"action": "opened"}', 'sub_issues')).body).toEqual(unsupported('sub_issues:opened'));
    expect((await post('', '{}', 'sub_issues')).body).toEqual(unsupported('sub_issues:???'));
  });

  it('does not take an event header for its own skip marker', async () => {
    expect((await post('', '{}', '(skipped)')).body).toEqual(unsupported('(skipped):???'));
  });

  it('ignore_private_repositories: any event about a private repository, known or not, is left untold', async () => {
    const privatePush = zulipFixture('push__1_commit_private_repository.json');
    expect(await post('&ignore_private_repositories=true', privatePush, 'sub_issues')).toMatchObject({
      status: 200,
      body: { result: 'success', msg: '' },
      posted: [],
    });
    expect((await post('&ignore_private_repositories=false', privatePush, 'push')).posted).toHaveLength(1);
  });

  it('only_events and exclude_events match Zulip’s event names (push_commits, push_tags, ...)', async () => {
    const only = `&only_events=${encodeURIComponent('["push_commits"]')}`;
    expect((await post(only, zulipFixture('push__1_commit.json'), 'push')).posted).toHaveLength(1);
    expect((await post(only, zulipFixture('push__tag.json'), 'push')).posted).toEqual([]);
    const exclude = `&exclude_events=${encodeURIComponent('["*_pull_request"]')}`;
    expect((await post(exclude, zulipFixture('pull_request__closed.json'), 'pull_request')).posted).toEqual([]);
    expect((await post(exclude, zulipFixture('pull_request_review.json'), 'pull_request_review')).posted).toHaveLength(1);
  });

  it('requires the X-GitHub-Event header, and tells the owner', async () => {
    await h.db.knex('webhook_bot_reminders').delete();
    const r = await post('', zulipFixture('push__1_commit.json'));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      result: 'error',
      msg: "Missing the HTTP event header 'X-GitHub-Event'",
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-GitHub-Event',
    });
    expect(r.posted).toEqual([
      expect.objectContaining({
        sender_email: 'notification-bot@zulip.com',
        type: 'private',
        content: expect.stringContaining(
          'sent an HTTP request to /api/v1/external/github that\nis missing the HTTP X-GitHub-Event header.',
        ),
      }),
    ]);
  });
});

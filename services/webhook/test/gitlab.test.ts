/**
 * GitLab beyond Zulip's own tests (test/zulip-webhooks/gitlab): the client name, the missing
 * header, events it does not tell, and `only_events`/`exclude_events` on its event names. The
 * payloads are Zulip's fixtures.
 */
import { fixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

const zulipFixture = (name: string) => fixture('gitlab', `${name}.json`);

async function gl(name: string, headers: Record<string, string>, query = '', body = zulipFixture(name)) {
  h.internal.calls = [];
  const res = await h.post(`/external/gitlab?stream=Denmark${query}`, body, 'application/json', headers);
  return { status: res.status, body: res.body as Record<string, unknown>, posted: h.internal.posted() };
}

const unsupported = (event: string) => ({
  result: 'error',
  msg: `The '${event}' event isn't currently supported by the GitLab webhook; ignoring`,
  code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
  webhook_name: 'GitLab',
  event_type: event,
});

describe('gitlab', () => {
  it('posts as the GitLab client', async () => {
    const r = await gl('push_hook', { 'X-Gitlab-Event': 'Push Hook' });
    expect(r.status).toBe(200);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipGitLabWebhook');
  });

  it('requires the X-GitLab-Event header, and tells the owner', async () => {
    await h.db.knex('webhook_bot_reminders').delete();
    const r = await gl('push_hook', {});
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      result: 'error',
      msg: "Missing the HTTP event header 'X-GitLab-Event'",
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-GitLab-Event',
    });
    expect(r.posted).toEqual([
      expect.objectContaining({
        sender_email: 'notification-bot@zulip.com',
        type: 'private',
        content: expect.stringContaining(
          'sent an HTTP request to /api/v1/external/gitlab that\nis missing the HTTP X-GitLab-Event header.',
        ),
      }),
    ]);
  });

  it('answers an event it does not tell with 200 and its name', async () => {
    const r = await gl('push_hook', { 'X-Gitlab-Event': 'Emoji Hook' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(unsupported('Emoji Hook'));
    expect(r.posted).toEqual([]);
  });

  it('names an unknown action or system event as the view composes it', async () => {
    const payload = JSON.parse(zulipFixture('merge_request_hook__merge_request_closed'));
    payload.object_attributes.action = 'retitle';
    const action = await gl('', { 'X-Gitlab-Event': 'Merge Request Hook' }, '', JSON.stringify(payload));
    expect(action.body).toEqual(unsupported('Merge Request Hook retitle'));
    // A system hook names its event in the payload: repository_update reads as a project hook's name would.
    const system = await gl('repository_update', { 'X-Gitlab-Event': 'System Hook' });
    expect(system.body).toEqual(unsupported('Repository Update Hook'));
    expect([...action.posted, ...system.posted]).toEqual([]);
  });

  it('a wiki page event without an action is an opened page, which is not told', async () => {
    const payload = JSON.parse(zulipFixture('wiki_page_hook__wiki_page_opened'));
    delete payload.object_attributes.action;
    const r = await gl('', { 'X-Gitlab-Event': 'Wiki Page Hook' }, '', JSON.stringify(payload));
    expect(r.body).toEqual(unsupported('Wiki Page Hook open'));
  });

  it('only_events and exclude_events match the event with its action or commented object', async () => {
    const only = `&only_events=${encodeURIComponent('["Issue Hook open","Note Hook Merge*"]')}`;
    expect((await gl('issue_hook__issue_created_without_assignee', { 'X-Gitlab-Event': 'Issue Hook' }, only)).posted).toHaveLength(1);
    expect((await gl('issue_hook__issue_closed', { 'X-Gitlab-Event': 'Issue Hook' }, only)).posted).toEqual([]);
    expect((await gl('note_hook__merge_request_note', { 'X-Gitlab-Event': 'Note Hook' }, only)).posted).toHaveLength(1);
    const exclude = `&exclude_events=${encodeURIComponent('["Note Hook *"]')}`;
    expect((await gl('note_hook__issue_note', { 'X-Gitlab-Event': 'Note Hook' }, exclude)).posted).toEqual([]);
    expect((await gl('push_hook', { 'X-Gitlab-Event': 'Push Hook' }, exclude)).posted).toHaveLength(1);
  });
});

/** GitLab events on GitLab's sample payloads. */
import { fixture, postFixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

const gl = (name: string, event: string) => postFixture(h, 'gitlab', `${name}.json`, { 'X-Gitlab-Event': event });
const PROJECT = 'https://gitlab.com/tomaszkolek0/my-awesome-project';

describe('gitlab', () => {
  it('push: the commits, in a topic per branch', async () => {
    const r = await gl('push_hook', 'Push Hook');
    expect(r.status).toBe(200);
    expect(r.posted).toEqual([
      {
        topic: 'my-awesome-project / tomek',
        content:
          `Tomasz Kolek [pushed](${PROJECT}/compare/5fcdd5551fc3...eb6ae1e591e0) 2 commits to branch tomek.\n\n` +
          `* b ([66abd2d](${PROJECT}/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n` +
          `* c ([eb6ae1e](${PROJECT}/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))`,
      },
    ]);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipGitLabWebhook');
  });

  it('push: a deleted branch', async () => {
    const payload = { ...JSON.parse(fixture('gitlab', 'push_hook.json')), after: '0'.repeat(40), commits: [], total_commits_count: 0 };
    h.internal.calls = [];
    await h.post('/external/gitlab?stream=Denmark', JSON.stringify(payload), 'application/json', { 'X-Gitlab-Event': 'Push Hook' });
    expect(h.internal.posted()[0]?.content).toBe(
      `Tomasz Kolek [deleted](${PROJECT}/compare/5fcdd5551fc3...000000000000) the branch tomek.`,
    );
  });

  it('merge request: created with its description, then merged', async () => {
    const topic = 'my-awesome-project / MR #1 Update the README with author name';
    expect((await gl('merge_request_hook__opened', 'Merge Request Hook')).posted).toEqual([
      {
        topic,
        content: `Tomasz Kolek created [MR #1](${PROJECT}/merge_requests/1) from \`tomek\` to \`master\`:\n\n~~~ quote\nUpdated README.md\n~~~`,
      },
    ]);
    expect((await gl('merge_request_hook__merged', 'Merge Request Hook')).posted).toEqual([
      { topic, content: `Tomasz Kolek merged [MR #1](${PROJECT}/merge_requests/1).` },
    ]);
  });

  it('issue: created with its description', async () => {
    expect((await gl('issue_hook__issue_created', 'Issue Hook')).posted).toEqual([
      {
        topic: 'my-awesome-project / Issue #1 Issue title',
        content: `Tomasz Kolek created [Issue #1](${PROJECT}/issues/1):\n\n~~~ quote\nIssue description\n~~~`,
      },
    ]);
  });

  it('answers an unsupported event (Pipeline Hook) as Zulip does', async () => {
    const r = await gl('pipeline_hook__success', 'Pipeline Hook');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      result: 'error',
      msg: "The 'Pipeline Hook' event isn't currently supported by the GitLab webhook",
      code: 'UNEXPECTED_WEBHOOK_EVENT_TYPE',
      webhook_name: 'GitLab',
      event_type: 'Pipeline Hook',
    });
  });

  it('requires the X-Gitlab-Event header', async () => {
    const r = await postFixture(h, 'gitlab', 'push_hook.json');
    expect(r.body).toMatchObject({ code: 'MISSING_HTTP_EVENT_HEADER', header: 'X-Gitlab-Event' });
  });
});

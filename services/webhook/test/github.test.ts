/** GitHub events on GitHub's sample payloads; texts as Zulip posts them for the same payloads. */
import { fixture, postFixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

const gh = (name: string, event: string) => postFixture(h, 'github', `${name}.json`, { 'X-GitHub-Event': event });
const ISSUE_TOPIC = 'public-repo / Issue #2 Spelling error in the README file';
const PR_TOPIC = 'public-repo / PR #1 Update the README with new information';

describe('github', () => {
  it('push: the commits, in a topic per branch', async () => {
    const r = await gh('push__1_commit', 'push');
    expect(r.status).toBe(200);
    expect(r.posted).toEqual([
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) ' +
          '1 commit to branch changes.\n\n* Update README.md ' +
          '([0d1a26e](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ]);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipGitHubWebhook');
  });

  it('push: a deleted branch', async () => {
    const r = await gh('push__delete_branch', 'push');
    expect(r.posted).toEqual([
      {
        topic: 'public-repo / feature',
        content: 'eeshangarg [deleted](https://github.com/eeshangarg/public-repo/compare/2e8cf535fb38...000000000000) the branch feature.',
      },
    ]);
  });

  it('push: many commits by several authors are counted and cut at 20', async () => {
    const payload = JSON.parse(fixture('github', 'push__1_commit.json'));
    const commit = payload.commits[0];
    payload.commits = Array.from({ length: 23 }, (_, i) => ({
      ...commit,
      author: { ...commit.author, username: i < 20 ? 'Tomasz' : 'Ben' },
    }));
    h.internal.calls = [];
    await h.post('/external/github?stream=Denmark', JSON.stringify(payload), 'application/json', { 'X-GitHub-Event': 'push' });
    const content = String(h.internal.posted()[0]?.content);
    expect(content.split('\n')[0]).toContain('23 commits to branch changes. Commits by Tomasz (20) and Ben (3).');
    expect(content.match(/^\* Update README.md/gm)).toHaveLength(20);
    expect(content.endsWith('\n[and 3 more commits]')).toBe(true);
  });

  it('pull_request: opened, merged, closed', async () => {
    expect((await gh('pull_request__opened', 'pull_request')).posted).toEqual([
      {
        topic: PR_TOPIC,
        content:
          'baxterthehacker opened [PR #1](https://github.com/baxterthehacker/public-repo/pull/1) from `changes` to `master`:' +
          '\n\n~~~ quote\nThis is a pretty simple change that we need to pull into master.\n~~~',
      },
    ]);
    expect((await gh('pull_request__merged', 'pull_request')).posted).toEqual([
      { topic: PR_TOPIC, content: 'baxterthehacker merged [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).' },
    ]);
    expect((await gh('pull_request__closed', 'pull_request')).posted).toEqual([
      { topic: PR_TOPIC, content: 'baxterthehacker closed without merge [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).' },
    ]);
  });

  it('issues: opened, with the body quoted', async () => {
    expect((await gh('issues__opened', 'issues')).posted).toEqual([
      {
        topic: ISSUE_TOPIC,
        content:
          "baxterthehacker opened [Issue #2](https://github.com/baxterthehacker/public-repo/issues/2):\n\n~~~ quote\nIt looks like you accidentally spelled 'commit' with two 't's.\n~~~",
      },
    ]);
  });

  it('issue_comment: the comment quoted, in the issue topic', async () => {
    expect((await gh('issue_comment', 'issue_comment')).posted).toEqual([
      {
        topic: ISSUE_TOPIC,
        content:
          'baxterthehacker [commented](https://github.com/baxterthehacker/public-repo/issues/2#issuecomment-99262140) on ' +
          "[Issue #2](https://github.com/baxterthehacker/public-repo/issues/2):\n\n~~~ quote\nYou are totally right! I'll get this fixed right away.\n~~~",
      },
    ]);
  });

  it('names the issue in the link when the URL fixes the topic', async () => {
    h.internal.calls = [];
    await h.post('/external/github?stream=Denmark&topic=notifications', fixture('github', 'issue_comment.json'), 'application/json', {
      'X-GitHub-Event': 'issue_comment',
    });
    expect(h.internal.posted()[0]).toMatchObject({
      topic: 'notifications',
      content: expect.stringContaining(
        ' on [Issue #2 Spelling error in the README file](https://github.com/baxterthehacker/public-repo/issues/2):',
      ),
    });
  });

  it('ping: the hook is configured', async () => {
    expect((await gh('ping', 'ping')).posted).toEqual([
      { topic: 'public-repo', content: 'GitHub webhook has been successfully configured by TomaszKolek.' },
    ]);
  });

  it('answers an unsupported action with the event and action', async () => {
    const payload = { ...JSON.parse(fixture('github', 'issues__opened.json')), action: 'transferred' };
    const res = await h.post('/external/github?stream=Denmark', JSON.stringify(payload), 'application/json', {
      'X-GitHub-Event': 'issues',
    });
    expect(res.body).toMatchObject({ code: 'UNEXPECTED_WEBHOOK_EVENT_TYPE', event_type: 'issues:transferred' });
  });

  it('requires the X-GitHub-Event header, and tells the owner', async () => {
    await h.db.knex('webhook_bot_reminders').delete();
    h.internal.calls = [];
    const res = await h.post('/external/github?stream=Denmark', fixture('github', 'push__1_commit.json'), 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "Missing the HTTP event header 'X-GitHub-Event'",
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-GitHub-Event',
    });
    expect(h.internal.posted()).toEqual([
      expect.objectContaining({
        sender_email: 'notification-bot@zulip.com',
        type: 'private',
        content: expect.stringContaining('`/api/v1/external/github` without the HTTP header `X-GitHub-Event`'),
      }),
    ]);
  });
});

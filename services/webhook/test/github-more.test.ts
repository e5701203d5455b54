/**
 * GitHub's non-code events where Zulip's tests have no fixture: actions GitHub added since,
 * the other states of a Pages build, an unstarred repository, and the Sponsors URL. The events
 * Zulip's tests cover are test/zulip-webhooks/github/cases.more.ts.
 */
import { webhookEndpoints } from '@chat/contracts';
import { clientNameFor } from '../src/framework/integration';
import { messagesFor } from '../src/framework/run';
import { github } from '../src/integrations/github';
import { githubSponsors } from '../src/integrations/githubsponsors';

function post(event: string, payload: unknown, query: Record<string, string> = {}) {
  return messagesFor(github, 'GitHub', { body: Buffer.from(JSON.stringify(payload)), headers: { 'x-github-event': event }, query });
}

const repository = { name: 'public-repo', full_name: 'octo/public-repo', html_url: 'https://github.com/octo/public-repo', private: false };
const sender = { login: 'octo', html_url: 'https://github.com/octo' };

describe('github: repository, organization and delivery events', () => {
  it('answers a team action GitHub added since as unsupported (200, "...; ignoring")', () => {
    expect(() => post('team', { action: 'renamed', team: { name: 'Core' } })).toThrow(
      expect.objectContaining({
        status: 200,
        code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
        message: "The 'unsupported team action renamed' event isn't currently supported by the GitHub webhook; ignoring",
      }),
    );
  });

  it('answers a discussion action it has no words for as unsupported', () => {
    const discussion = { number: 3, title: 'Tips', html_url: 'https://github.com/octo/public-repo/discussions/3' };
    expect(() => post('discussion', { action: 'frobbed', discussion, repository, sender })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE' }),
    );
  });

  it('tells an unstarred repository', () => {
    expect(post('star', { action: 'deleted', repository, sender })).toEqual([
      {
        topic: 'public-repo',
        content: '[octo](https://github.com/octo) unstarred the repository [octo/public-repo](https://github.com/octo/public-repo).',
      },
    ]);
  });

  it('words each state of a Pages build', () => {
    const build = (status: string, message: string | null = null) =>
      post('page_build', { build: { status, error: { message }, pusher: { login: 'octo' } }, repository, sender })[0]?.content;
    expect(build('building')).toBe('GitHub Pages build, triggered by octo, is being built.');
    expect(build('null')).toBe('GitHub Pages build, triggered by octo, has yet to be built.');
    expect(build('queued')).toBe('GitHub Pages build, triggered by octo, is queued.');
  });

  it('says nothing of a private repository when the URL asks so', () => {
    const payload = { action: 'created', repository: { ...repository, private: true }, sender };
    expect(post('repository', payload, { ignore_private_repositories: 'true' })).toEqual([]);
    expect(post('repository', payload)).toHaveLength(1);
  });
});

describe('githubsponsors', () => {
  it('is the GitHub view at its own URL, posting as the GitHub client', () => {
    expect(githubSponsors.name).toBe('githubsponsors');
    expect(clientNameFor(webhookEndpoints.githubsponsors.displayName)).toBe('ZulipGitHubWebhook');
  });

  it('refuses an effective date that is not a date', () => {
    const payload = {
      action: 'pending_cancellation',
      sponsorship: { tier: { name: '$5 a month' } },
      effective_date: 'soon',
      sender,
    };
    expect(() =>
      messagesFor(githubSponsors, 'GitHub', {
        body: Buffer.from(JSON.stringify(payload)),
        headers: { 'x-github-event': 'pending_cancellation' },
        query: {},
      }),
    ).toThrow(expect.objectContaining({ status: 400 }));
  });
});

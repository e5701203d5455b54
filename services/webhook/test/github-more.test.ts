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

/** These events name nobody of the realm. */
const NO_USERS = { byDeliveryEmail: async () => undefined, byNameOrEmailPrefix: async () => undefined };

function post(event: string, payload: unknown, query: Record<string, string> = {}) {
  const request = { body: Buffer.from(JSON.stringify(payload)), headers: { 'x-github-event': event }, query };
  return messagesFor(github, 'GitHub', request, NO_USERS);
}

const repository = { name: 'public-repo', full_name: 'octo/public-repo', html_url: 'https://github.com/octo/public-repo', private: false };
const sender = { login: 'octo', html_url: 'https://github.com/octo' };

describe('github: repository, organization and delivery events', () => {
  it('answers a team action GitHub added since as unsupported (200, "...; ignoring")', async () => {
    await expect(post('team', { action: 'renamed', team: { name: 'Core' } })).rejects.toThrow(
      expect.objectContaining({
        status: 200,
        code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
        message: "The 'unsupported team action renamed' event isn't currently supported by the GitHub webhook; ignoring",
      }),
    );
  });

  it('answers a discussion action it has no words for as unsupported', async () => {
    const discussion = { number: 3, title: 'Tips', html_url: 'https://github.com/octo/public-repo/discussions/3' };
    await expect(post('discussion', { action: 'frobbed', discussion, repository, sender })).rejects.toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE' }),
    );
  });

  it('tells an unstarred repository', async () => {
    expect(await post('star', { action: 'deleted', repository, sender })).toEqual([
      {
        topic: 'public-repo',
        content: '[octo](https://github.com/octo) unstarred the repository [octo/public-repo](https://github.com/octo/public-repo).',
      },
    ]);
  });

  it('words each state of a Pages build', async () => {
    const build = async (status: string, message: string | null = null) =>
      (await post('page_build', { build: { status, error: { message }, pusher: { login: 'octo' } }, repository, sender }))[0]?.content;
    expect(await build('building')).toBe('GitHub Pages build, triggered by octo, is being built.');
    expect(await build('null')).toBe('GitHub Pages build, triggered by octo, has yet to be built.');
    expect(await build('queued')).toBe('GitHub Pages build, triggered by octo, is queued.');
  });

  it('says nothing of a private repository when the URL asks so', async () => {
    const payload = { action: 'created', repository: { ...repository, private: true }, sender };
    expect(await post('repository', payload, { ignore_private_repositories: 'true' })).toEqual([]);
    expect(await post('repository', payload)).toHaveLength(1);
  });
});

describe('githubsponsors', () => {
  it('is the GitHub view at its own URL, posting as the GitHub client', () => {
    expect(githubSponsors.name).toBe('githubsponsors');
    expect(clientNameFor(webhookEndpoints.githubsponsors.displayName)).toBe('ZulipGitHubWebhook');
  });

  it('refuses an effective date that is not a date', async () => {
    const payload = {
      action: 'pending_cancellation',
      sponsorship: { tier: { name: '$5 a month' } },
      effective_date: 'soon',
      sender,
    };
    await expect(
      messagesFor(
        githubSponsors,
        'GitHub',
        { body: Buffer.from(JSON.stringify(payload)), headers: { 'x-github-event': 'pending_cancellation' }, query: {} },
        NO_USERS,
      ),
    ).rejects.toThrow(expect.objectContaining({ status: 400 }));
  });
});

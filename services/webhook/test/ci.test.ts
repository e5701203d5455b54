/**
 * Azure DevOps, CircleCI, Travis CI, TeamCity and Buildbot: what Zulip's own cases
 * (test/zulip-webhooks/<name>) do not show. Whom TeamCity's personal builds and its notice go to,
 * the clients messages are posted as, events no handler knows, and how bad payloads are answered.
 * On Zulip's fixtures.
 */
import { fixture, BOT, OWNER, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  h.internal.calls = [];
  await h.db.knex('webhook_bot_reminders').delete();
});

async function post(integration: string, body: string, contentType = 'application/json', query = '?stream=Denmark') {
  h.internal.calls = [];
  const res = await h.post(`/external/${integration}${query}`, body, contentType);
  return { status: res.status, body: res.body as Record<string, unknown>, posted: h.internal.posted() };
}

const unsupported = (webhookName: string, eventType: string) => ({
  result: 'error',
  msg: `The '${eventType}' event isn't currently supported by the ${webhookName} webhook; ignoring`,
  code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
  webhook_name: webhookName,
  event_type: eventType,
});

/** A fixture with some fields replaced (or removed, with undefined). */
function edited(integration: string, name: string, edit: (payload: Record<string, unknown>) => void): string {
  const payload = JSON.parse(fixture(integration, name)) as Record<string, unknown>;
  edit(payload);
  return JSON.stringify(payload);
}

describe('teamcity', () => {
  const personal = (edit: (build: Record<string, unknown>) => void) =>
    edited('teamcity', 'personal.json', (payload) => edit(payload.build as Record<string, unknown>));

  it('sends a personal build privately to the user its TeamCity username names, as the bot', async () => {
    const { status, posted } = await post('teamcity', fixture('teamcity', 'personal.json'));
    expect(status).toBe(200);
    expect(posted).toEqual([
      expect.objectContaining({ sender_email: BOT, type: 'private', to: ['iago@zulip.com'], client: 'ZulipTeamCityWebhook' }),
    ]);
    expect(String(posted[0]!.content)).toMatch(/^Your personal build for Project :: Compile build 5535/);
  });

  it("finds the user by full name first, whatever its case, before the username's email", async () => {
    const { posted } = await post(
      'teamcity',
      personal((build) => (build.triggeredBy = 'king HAMLET; MS Visual Studio')),
    );
    expect(posted).toEqual([expect.objectContaining({ type: 'private', to: ['hamlet@zulip.com'] })]);
  });

  it('posts nothing, and succeeds, when no user of the realm matches', async () => {
    const nobody = personal((build) => {
      build.triggeredBy = 'Nobody Here';
      build.teamcityProperties = (build.teamcityProperties as { name: string }[]).filter(
        (p) => p.name !== 'teamcity.build.triggeredBy.username',
      );
    });
    expect(await post('teamcity', nobody)).toEqual({ status: 200, body: { result: 'success', msg: '' }, posted: [] });
  });

  it("tells the bot's owner, once per wait period, how to set up a payload in another format", async () => {
    const body = fixture('teamcity', 'slack_non_generic_payload.json');
    const first = await post('teamcity', body);
    expect(first.status).toBe(200);
    expect(first.posted).toEqual([
      {
        sender_email: 'notification-bot@zulip.com',
        type: 'private',
        to: [OWNER],
        client: 'Internal',
        content: expect.stringMatching(/^Hi there! Your bot Zulip Webhook Bot just received a TeamCity payload in a\n/),
      },
    ]);
    expect(String(first.posted[0]!.content)).toContain('**Legacy Webhook (JSON)**');
    expect((await post('teamcity', body)).posted).toEqual([]);
  });

  it('posts a build to the stream as ZulipTeamCityWebhook', async () => {
    const { posted } = await post('teamcity', fixture('teamcity', 'success.json'));
    expect(posted).toEqual([expect.objectContaining({ type: 'stream', topic: 'Project :: Compile', client: 'ZulipTeamCityWebhook' })]);
  });
});

describe('travis', () => {
  const form = (json: string) => new URLSearchParams({ payload: json }).toString();
  const FORM = 'application/x-www-form-urlencoded';

  it('posts as ZulipTravisWebhook', async () => {
    const { posted } = await post('travis', form(fixture('travis', 'build.json')), FORM);
    expect(posted).toEqual([expect.objectContaining({ topic: 'builds', client: 'ZulipTravisWebhook' })]);
  });

  it('names a status it has no emoji for', async () => {
    const body = edited('travis', 'build.json', (p) => (p.status_message = 'Queued'));
    const { posted } = await post('travis', form(body), FORM);
    expect(String(posted[0]!.content)).toContain("Build status: Queued (No emoji specified for status 'Queued'.)");
  });

  it('answers a body without the payload field, or with a bad one, as Zulip does', async () => {
    expect((await post('travis', fixture('travis', 'build.json'))).body).toMatchObject({
      msg: "Missing 'payload' argument",
      code: 'REQUEST_VARIABLE_MISSING',
    });
    expect((await post('travis', 'payload=%7Bnot+json', FORM)).body).toMatchObject({ msg: 'payload is not valid JSON' });
    const noAuthor = edited('travis', 'build.json', (p) => delete p.author_name);
    expect((await post('travis', form(noAuthor), FORM)).body).toMatchObject({
      msg: 'payload["author_name"] field is missing: Field required',
    });
    const numericType = edited('travis', 'build.json', (p) => (p.type = 3));
    expect((await post('travis', form(numericType), FORM)).body).toMatchObject({ msg: 'payload["type"] is not a string' });
    expect(h.internal.calls).toEqual([]);
  });
});

describe('circleci', () => {
  it('posts as ZulipCircleCIWebhook', async () => {
    const { posted } = await post('circleci', fixture('circleci', 'ping.json'));
    expect(posted).toEqual([expect.objectContaining({ topic: 'Test event', client: 'ZulipCircleCIWebhook' })]);
  });

  it('answers an event type it does not know as unsupported', async () => {
    const body = edited('circleci', 'ping.json', (p) => (p.type = 'pipeline-started'));
    expect(await post('circleci', body)).toEqual({ status: 200, body: unsupported('CircleCI', 'pipeline-started'), posted: [] });
  });

  it('refuses pipelines from a version control provider other than GitHub, Bitbucket and GitLab', async () => {
    const body = edited('circleci', 'gitlab_job_completed.json', (p) => {
      (p.pipeline as { trigger: { type: string } }).trigger.type = 'bitbucket_server';
    });
    const { status, body: answer, posted } = await post('circleci', body);
    expect({ status, msg: answer.msg, posted }).toEqual({
      status: 400,
      msg: "Projects using this version control system provider aren't supported",
      posted: [],
    });
  });

  it('writes an outcome it does not know as Zulip does', async () => {
    const body = edited('circleci', 'gitlab_job_completed.json', (p) => ((p.job as { status: string }).status = 'terminated'));
    expect(String((await post('circleci', body)).posted[0]!.content)).toMatch(/^Job `build-and-test` within Pipeline #3 None\./);
  });
});

describe('buildbot', () => {
  it('posts as ZulipBuildbotWebhook', async () => {
    const { posted } = await post('buildbot', fixture('buildbot', 'started.json'));
    expect(posted).toEqual([expect.objectContaining({ topic: 'buildbot-hello', client: 'ZulipBuildbotWebhook' })]);
  });

  it('answers an event it does not know as unsupported, and filters by event', async () => {
    const body = edited('buildbot', 'started.json', (p) => (p.event = 'deleted'));
    expect(await post('buildbot', body)).toEqual({ status: 200, body: unsupported('Buildbot', 'deleted'), posted: [] });
    const onlyFinished = await post(
      'buildbot',
      fixture('buildbot', 'started.json'),
      'application/json',
      '?stream=Denmark&only_events=["finished"]',
    );
    expect(onlyFinished.posted).toEqual([]);
  });

  it('refuses a result code Buildbot does not define', async () => {
    const body = edited('buildbot', 'finished_success.json', (p) => (p.results = 9));
    expect((await post('buildbot', body)).body).toMatchObject({ msg: 'Unable to parse request: Did Buildbot generate this event?' });
  });
});

describe('azuredevops', () => {
  it('posts as ZulipAzureDevOpsWebhook', async () => {
    const { posted } = await post('azuredevops', fixture('azuredevops', 'code_push.json'));
    expect(posted).toEqual([expect.objectContaining({ topic: 'test-zulip / main', client: 'ZulipAzureDevOpsWebhook' })]);
  });

  it('posts whatever only_events and exclude_events say, as Zulip, whose view passes no event type', async () => {
    const push = fixture('azuredevops', 'code_push.json');
    expect((await post('azuredevops', push, 'application/json', '?stream=Denmark&only_events=["nothing"]')).posted).toHaveLength(1);
    expect((await post('azuredevops', push, 'application/json', '?stream=Denmark&exclude_events=["*"]')).posted).toHaveLength(1);
  });

  it('answers an event type it does not know as unsupported', async () => {
    const body = edited('azuredevops', 'code_push.json', (p) => (p.eventType = 'build.complete'));
    expect(await post('azuredevops', body)).toEqual({ status: 200, body: unsupported('AzureDevOps', 'build.complete'), posted: [] });
  });
});

/** Sentry's integration-platform and plugin payloads. */
import { fixture, postFixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

const TOPIC = 'Exception: program has entered an invalid state.';

describe('sentry', () => {
  it('issue resolved, in the topic of the issue', async () => {
    const r = await postFixture(h, 'sentry', 'issue_resolved.json', { 'Sentry-Hook-Resource': 'issue' });
    expect(r.status).toBe(200);
    expect(r.posted).toEqual([{ topic: TOPIC, content: `Issue ${TOPIC} was marked as resolved by Hemanth V. Alluri.` }]);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipSentryWebhook');
  });

  it('issue created and assigned', async () => {
    const resolved = JSON.parse(fixture('sentry', 'issue_resolved.json'));
    const send = async (payload: unknown) => {
      h.internal.calls = [];
      await h.post('/external/sentry?stream=Denmark', JSON.stringify(payload), 'application/json', { 'Sentry-Hook-Resource': 'issue' });
      return h.internal.posted()[0];
    };
    expect(await send({ ...resolved, action: 'created' })).toMatchObject({
      topic: TOPIC,
      content: `:warning: **New issue**: ${TOPIC}\n\n**Level**: error\n**Culprit**: \`__main__ in <module>\`\n**Project**: Zulip Integration Testing`,
    });
    const assigned = { ...resolved, action: 'assigned' };
    assigned.data = { issue: { ...resolved.data.issue, assignedTo: { type: 'user', name: 'Iago', email: 'iago@example.com' } } };
    expect((await send(assigned))?.content).toBe(`Issue ${TOPIC} was assigned to Iago by Hemanth V. Alluri.`);
  });

  it('plugin payload: the event, its level, project and culprit', async () => {
    const r = await postFixture(h, 'sentry', 'exception_message.json');
    expect(r.posted).toEqual([
      {
        topic: 'This is an example python exception',
        content:
          ':warning: **New error** in zulip: [This is an example python exception](https://sentry.io/zulip/zulip/issues/156699934/)' +
          '\n\n**Culprit**: `raven.scripts.runner in main`',
      },
    ]);
  });

  it('answers an unsupported resource (metric_alert) as Zulip does', async () => {
    const r = await postFixture(h, 'sentry', 'metric_alert__critical.json', { 'Sentry-Hook-Resource': 'metric_alert' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      result: 'error',
      msg: "The 'metric_alert' event isn't currently supported by the Sentry webhook",
      code: 'UNEXPECTED_WEBHOOK_EVENT_TYPE',
      webhook_name: 'Sentry',
      event_type: 'metric_alert',
    });
  });

  it('says nothing for the installation notice', async () => {
    const r = await postFixture(h, 'sentry', 'issue_resolved.json', { 'Sentry-Hook-Resource': 'installation' });
    expect(r.status).toBe(200);
    expect(r.posted).toEqual([]);
  });
});

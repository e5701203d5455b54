/** The Slack-compatible incoming webhook on Slack payloads (fixtures from Zulip's slack_incoming). */
import { slackToMarkdown } from '../src/integrations/slack-incoming';
import { postFixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

describe('slack_incoming', () => {
  it('posts text under (no topic) when there is no channel', async () => {
    const r = await postFixture(h, 'slack_incoming', 'text.json');
    expect(r.status).toBe(200);
    expect(r.posted).toEqual([{ topic: '(no topic)', content: 'Hello, world.' }]);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipSlackIncomingWebhook');
  });

  it('reads the form field `payload`, with channel as topic, the icon and the username', async () => {
    const r = await postFixture(h, 'slack_incoming', 'urlencoded_text.txt', {}, 'application/x-www-form-urlencoded');
    expect(r.posted).toEqual([
      { topic: 'devops', content: ':zap: **DeployBot**: chris has started deploying project tag v0.0.2rc10 to staging' },
    ]);
  });

  it('turns an attachment into markdown: linked title, mrkdwn text', async () => {
    const r = await postFixture(h, 'slack_incoming', 'attachment.json');
    expect(r.posted).toHaveLength(1);
    expect(r.posted[0]!.topic).toBe('prometheus-alerts');
    const content = String(r.posted[0]!.content);
    expect(content.split('\n').slice(0, 5)).toEqual([
      '## [\\[FIRING:2\\] InstanceDown for api-server (env="prod", severity="critical")](https://alertmanager.local//#/alerts?receiver=default)',
      '',
      ':chart_with_upwards_trend: **[Graph](http://generator.local/1)**   :notebook: **[Runbook](https://runbook.local/1)**',
      '',
      '**Alert details**:',
    ]);
    expect(content).toContain('\n   • **alertname:** `InstanceDown`\n');
    expect(content.endsWith('   • **severity:** `critical`')).toBe(true);
  });

  it('lists attachment fields, skipping empty ones', async () => {
    const r = await postFixture(h, 'slack_incoming', 'attachment_fields.json');
    expect(r.posted).toEqual([
      {
        topic: '(no topic)',
        content:
          'Build bla bla succeeded\n\n**Requested by**: Some user\n**Duration**: 00:02:03\n' +
          '**Build pipeline**: ConsumerAddressModule\n**Title without value**\nValue without title',
      },
    ]);
  });

  it('posts nothing and succeeds for a payload without text', async () => {
    const r = await postFixture(h, 'slack_incoming', 'null_text.json');
    expect(r.status).toBe(200);
    expect(r.posted).toEqual([]);
  });

  it("answers Slack's Events API callbacks as an unsupported event", async () => {
    h.internal.calls = [];
    const res = await h.post('/external/slack_incoming?stream=Denmark', '{"type":"url_verification","challenge":"x"}', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: "The 'url_verification' event isn't currently supported by the SlackIncoming webhook",
      code: 'UNEXPECTED_WEBHOOK_EVENT_TYPE',
      webhook_name: 'SlackIncoming',
      event_type: 'url_verification',
    });
  });

  it('answers a malformed payload field with Malformed JSON', async () => {
    const res = await h.post('/external/slack_incoming?stream=Denmark', 'payload=%7Bnope');
    expect(res.body).toEqual({ result: 'error', msg: 'Malformed JSON', code: 'INVALID_JSON' });
  });

  it('converts mrkdwn only at word edges', () => {
    expect(slackToMarkdown('some *foo* word')).toBe('some **foo** word');
    expect(slackToMarkdown('*foo* *bar*')).toBe('**foo** **bar**');
    expect(slackToMarkdown('*foo*a*bar*')).toBe('*foo*a*bar*');
    expect(slackToMarkdown('some _foo_ word, snake_case_name')).toBe('some *foo* word, snake_case_name');
    expect(slackToMarkdown('~gone~ <https://x.org|X> <https://y.org> <#C1|general> <@U1|bob> <!here>')).toBe(
      '~~gone~~ [X](https://x.org) https://y.org #general @bob @here',
    );
  });
});

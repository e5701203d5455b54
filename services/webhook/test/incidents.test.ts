/**
 * What the Zulip cases (test/zulip-webhooks) cannot see of the incident integrations: the notice
 * a misconfigured hook's owner gets, and event filters on the messages of one PagerDuty payload.
 */
import { fixture, OWNER, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  h.internal.calls = [];
  // Each test may tell the owner again: the notices' wait period starts afresh.
  await h.db.knex('webhook_bot_reminders').del();
});

function notice(displayName: string, advice: string): string {
  return (
    `Hi there! Your bot Zulip Webhook Bot just received a ${displayName} payload that is missing\n` +
    'some data that Zulip requires. This usually indicates a configuration issue\n' +
    `in your ${displayName} webhook settings. Please make sure that you set the${advice}\n` +
    `when configuring the ${displayName} webhook. Contact this server's administrators if you\n` +
    'need further help!'
  );
}

describe('a payload missing what the hook must be configured to send', () => {
  it.each([
    [
      'zabbix',
      'zabbix_invalid_payload_with_missing_data.json',
      notice('Zabbix', '\nscript correctly and provide all the required parameters'),
    ],
    ['uptimerobot', 'uptimerobot_invalid_payload_with_missing_data.json', notice('UptimeRobot', ' required parameters')],
  ])('%s: answers "Invalid payload" and tells the bot\'s owner', async (integration, name, content) => {
    const res = await h.post(`/external/${integration}?stream=Denmark`, fixture(integration, name), 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Invalid payload', code: 'BAD_REQUEST' });
    expect(h.internal.posted()).toEqual([
      { sender_email: 'notification-bot@zulip.com', type: 'private', to: [OWNER], content, client: 'Internal' },
    ]);
  });
});

describe('PagerDuty', () => {
  it('filters each message of a payload by its action: only_events keeps the acknowledgement, not the assignment', async () => {
    const query = `stream=Denmark&only_events=${encodeURIComponent('["acknowledged"]')}`;
    const res = await h.post(`/external/pagerduty?${query}`, fixture('pagerduty', 'acknowledge.json'), 'application/json');
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(h.internal.posted().map((p) => p.content)).toEqual([
      'Incident [1](https://zulip-test.pagerduty.com/incidents/PO1XIJ5) acknowledged by [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ).\n\n``` quote\nIt is on fire\n```',
    ]);
  });
});

/**
 * Alertmanager and Grafana beyond Zulip's own tests (test/zulip-webhooks): the client they post
 * as, URL options' defaults, event filters by status, and payloads no real sender makes.
 */
import { fixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.internal.calls = [];
});

const posted = () => h.internal.posted().map((p) => ({ topic: p.topic, content: p.content }));

describe('alertmanager', () => {
  const alert = (status: string, labels: Record<string, string>, annotations: Record<string, string> = {}) => ({
    status,
    labels,
    annotations,
    generatorURL: 'http://prometheus:9090/graph?g0.tab=1',
  });

  it('posts as ZulipAlertmanagerWebhook; without name/desc the topic is the instance and each line the alert name', async () => {
    const body = JSON.stringify({
      alerts: [
        alert('resolved', { alertname: 'Disk', instance: 'db1' }),
        alert('firing', { alertname: 'CPU', instance: 'db1' }),
        alert('firing', { alertname: 'Memory' }, { summary: 'no instance' }),
      ],
    });
    const res = await h.post('/external/alertmanager?stream=Denmark', body, 'application/json');
    expect(res.status).toBe(200);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipAlertmanagerWebhook');
    // Firing before resolved within a topic, whatever the payload's order.
    expect(posted()).toEqual([
      { topic: 'db1', content: ':alert: **FIRING** CPU ([source](http://prometheus:9090/graph?g0.tab=0))' },
      { topic: 'db1', content: ':squared_ok: **Resolved** Disk ([source](http://prometheus:9090/graph?g0.tab=0))' },
      { topic: '(unknown)', content: ':alert: **FIRING** Memory ([source](http://prometheus:9090/graph?g0.tab=0))' },
    ]);
  });

  it('says which field it missed when desc names neither a label nor an annotation', async () => {
    const body = JSON.stringify({ alerts: [alert('firing', { instance: 'web' })] });
    await h.post('/external/alertmanager?stream=Denmark&desc=summary', body, 'application/json');
    expect(posted()).toEqual([
      { topic: 'web', content: ':alert: **FIRING** <missing field: summary> ([source](http://prometheus:9090/graph?g0.tab=0))' },
    ]);
  });

  it('answers a payload without alerts, and an alert of an unknown status, as errors and posts nothing', async () => {
    const none = await h.post('/external/alertmanager?stream=Denmark', '{"status":"firing"}', 'application/json');
    expect(none.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'alerts' });
    const bad = await h.post(
      '/external/alertmanager?stream=Denmark',
      JSON.stringify({ alerts: [alert('silenced', {})] }),
      'application/json',
    );
    expect(bad.status).toBe(400);
    expect(posted()).toEqual([]);
  });
});

describe('grafana', () => {
  it('posts as ZulipGrafanaWebhook', async () => {
    await h.post('/external/grafana?stream=Denmark', fixture('grafana', 'alert_v7.json'));
    expect(h.internal.calls[0]?.params.client).toBe('ZulipGrafanaWebhook');
  });

  it('filters by status (unified alerting) and by state (legacy) with only_events and exclude_events', async () => {
    const onlyResolved = encodeURIComponent('["resolved"]');
    await h.post(`/external/grafana?stream=Denmark&only_events=${onlyResolved}`, fixture('grafana', 'alert_multiple_v8.json'));
    await h.post(
      `/external/grafana?stream=Denmark&exclude_events=${encodeURIComponent('["pend*"]')}`,
      fixture('grafana', 'alert_pending_v7.json'),
    );
    expect(posted()).toEqual([]);
    await h.post(`/external/grafana?stream=Denmark&only_events=${onlyResolved}`, fixture('grafana', 'alert_v8.json'));
    expect(posted().map((p) => p.topic)).toEqual(['[TestAlert]']);
  });

  it('answers an unknown legacy state or alert status with a 400 and posts nothing', async () => {
    const legacy = await h.post(
      '/external/grafana?stream=Denmark',
      '{"title":"t","ruleName":"r","ruleUrl":"u","state":"exploded"}',
      'application/json',
    );
    expect(legacy.status).toBe(400);
    const unified = await h.post('/external/grafana?stream=Denmark', '{"alerts":[{"status":"silenced"}]}', 'application/json');
    expect(unified.status).toBe(400);
    expect(posted()).toEqual([]);
  });
});

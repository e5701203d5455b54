/** Prometheus Alertmanager and Grafana on their sample payloads. */
import { postFixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

const GRAPH =
  'http://cobalt:9090/graph?g0.expr=avg+by%28host%29+%28sensors_temp_input%7Bfeature%3D~%22core_%5B0-9%5D%2B%22%7D%29+%3E+15&g0.tab=0';

describe('alertmanager', () => {
  it('lists the alerts of one name under that name, linking the graph view', async () => {
    const r = await postFixture(h, 'alertmanager', 'alert.json');
    expect(r.status).toBe(200);
    expect(r.posted).toEqual([
      {
        topic: 'High CPU Temperature',
        content:
          ':alert: **Firing** (2)\n' +
          `* andromeda: CPU core temperature is 34.75C ([graph](${GRAPH}))\n` +
          `* andromeda: CPU core temperature is 17.625C ([graph](${GRAPH}))`,
      },
    ]);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipAlertManagerWebhook');
  });

  it('posts one message per name and status, and takes name/desc from the URL', async () => {
    const alert = (status: string, host: string) => ({
      status,
      labels: { alertname: 'Disk', host, severity: 'warn' },
      annotations: { summary: `disk full on ${host}` },
    });
    h.internal.calls = [];
    const body = JSON.stringify({ alerts: [alert('firing', 'a'), alert('resolved', 'b')] });
    await h.post('/external/alertmanager?stream=Denmark&name=host&desc=severity', body, 'application/json');
    expect(h.internal.posted().map((p) => [p.topic, p.content])).toEqual([
      ['warn', ':alert: **Firing** a: disk full on a'],
      ['warn', ':squared_ok: **Resolved** b: disk full on b'],
    ]);
  });

  it('answers an unknown alert status as an unsupported event, and a payload without alerts', async () => {
    const bad = await h.post('/external/alertmanager?stream=Denmark', '{"alerts":[{"status":"silenced"}]}', 'application/json');
    expect(bad.body).toEqual({
      result: 'error',
      msg: "The 'silenced' event isn't currently supported by the AlertManager webhook",
      code: 'UNEXPECTED_WEBHOOK_EVENT_TYPE',
      webhook_name: 'AlertManager',
      event_type: 'silenced',
    });
    const none = await h.post('/external/alertmanager?stream=Denmark', '{"status":"firing"}', 'application/json');
    expect(none.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'alerts' });
  });
});

describe('grafana', () => {
  it('legacy alerting: the rule, message, matches and image', async () => {
    const r = await postFixture(h, 'grafana', 'alert.json');
    expect(r.posted).toEqual([
      {
        topic: 'Test rule',
        content:
          ':alert: **Alerting**: [Test rule](http://localhost:3000/)\n\n' +
          'Someone is testing the alert notification within grafana.\n\n' +
          '**High value**: 100\n**Higher Value**: 200\n\n' +
          '[Image](https://grafana.com/assets/img/blog/mixed_styles.png)',
      },
    ]);
    expect(h.internal.calls[0]?.params.client).toBe('ZulipGrafanaWebhook');
  });

  it('legacy alerting: back to ok, in the same topic', async () => {
    const r = await postFixture(h, 'grafana', 'alert_ok.json');
    expect(r.posted[0]).toMatchObject({
      topic: 'Test rule',
      content: expect.stringMatching(/^:squared_ok: \*\*Resolved\*\*: \[Test rule\]/),
    });
  });

  it('unified alerting: Alertmanager-style alerts', async () => {
    const r = await postFixture(h, 'grafana', 'alert_new.json');
    expect(r.posted).toEqual([{ topic: 'TestAlert', content: ':squared_ok: **Resolved** Grafana: Notification test' }]);
  });

  it('answers an unknown state as an unsupported event', async () => {
    const res = await h.post('/external/grafana?stream=Denmark', '{"ruleName":"r","state":"exploded"}', 'application/json');
    expect(res.body).toMatchObject({ code: 'UNEXPECTED_WEBHOOK_EVENT_TYPE', webhook_name: 'Grafana', event_type: 'exploded' });
  });
});

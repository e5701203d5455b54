/** zerver/webhooks/grafana/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

// Zulip's tests post most fixtures form-encoded; the view reads the body as JSON whatever it says.
const FORM = 'application/x-www-form-urlencoded';
const IMAGE = 'https://grafana.com/assets/img/blog/mixed_styles.png';
const MESSAGE = 'Someone is testing the alert notification within grafana.';
const VISUALIZATION = `[Click to view visualization](${IMAGE})`;
const V11_LINKS =
  '[Generator](https://play.grafana.org/alerting/grafana/dd2f0260-3cfc-4c65-a4c4-f3f632c551f4/view?orgId=1)\n' +
  '[Silence](https://play.grafana.org/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DMemory+%28copy%29&matcher=debug%3Dtrue&matcher=grafana_folder%3Ddevice&orgId=1)\n' +
  `[Image](${IMAGE})`;
const V11_VALUES = 'Values:\n- A: 2473545728\n- B: 0\n- C: 1\n- minute: 9\n\nAnnotations:\n- summary: High memory usage';

export const cases: ZulipCase[] = [
  {
    test: 'test_alert_v7',
    fixture: 'alert_v7.json',
    contentType: FORM,
    expect: [
      {
        topic: '[Alerting] Test notification',
        content: `:alert: **ALERTING**\n\n[Test rule](http://localhost:3000/)\n\n${MESSAGE}\n\n**High value:** 100\n**Higher Value:** 200\n\n${VISUALIZATION}`,
      },
    ],
  },
  {
    test: 'test_no_data_alert_v7',
    fixture: 'no_data_alert_v7.json',
    contentType: FORM,
    expect: [
      {
        topic: '[Alerting] No Data alert',
        content:
          ':alert: **ALERTING**\n\n' +
          '[No Data alert](http://localhost:3000/d/GG2qhR3Wz/alerttest?fullscreen&edit&tab=alert&panelId=6&orgId=1)\n\n' +
          'The panel has no data.',
      },
    ],
  },
  {
    test: 'test_no_message_alert_v7',
    fixture: 'no_message_alert_v7.json',
    contentType: FORM,
    expect: [
      {
        topic: '[Alerting] No Message alert',
        content:
          ':alert: **ALERTING**\n\n' +
          '[No Message alert](http://localhost:3000/d/GG2qhR3Wz/alerttest?fullscreen&edit&tab=alert&panelId=8&orgId=1)\n\n' +
          '**A-series:** 21.573108436586445',
      },
    ],
  },
  {
    test: 'test_alert_ok_v7',
    fixture: 'alert_ok_v7.json',
    contentType: FORM,
    expect: [
      {
        topic: '[Ok] Test notification',
        content: `:squared_ok: **OK**\n\n[Test rule](http://localhost:3000/)\n\n${MESSAGE}\n\n**High value:** 0\n\n${VISUALIZATION}`,
      },
    ],
  },
  {
    test: 'test_alert_paused_v7',
    fixture: 'alert_paused_v7.json',
    contentType: FORM,
    expect: [
      {
        topic: '[Paused] Test notification',
        content: `:info: **PAUSED**\n\n[Test rule](http://localhost:3000/)\n\n${MESSAGE}\n\n\n${VISUALIZATION}`,
      },
    ],
  },
  {
    test: 'test_alert_pending_v7',
    fixture: 'alert_pending_v7.json',
    contentType: FORM,
    expect: [
      {
        topic: '[Pending] Test notification',
        content: `:info: **PENDING**\n\n[Test rule](http://localhost:3000/)\n\n${MESSAGE}\n\n**High value:** 100\n**Higher Value:** 200\n\n${VISUALIZATION}`,
      },
    ],
  },
  {
    test: 'test_alert_v8',
    fixture: 'alert_v8.json',
    contentType: FORM,
    expect: [
      {
        topic: '[TestAlert]',
        content:
          ':checkbox: **RESOLVED**\n\n**TestAlert**\n\n' +
          'This alert was fired at <time:2022-08-31T05:54:04+00:00>.\n\n' +
          'This alert was resolved at <time:2022-08-31T10:30:00+00:00>.\n\n' +
          'Labels:\n- alertname: TestAlert\n- instance: Grafana\n\n' +
          "Values:\n[ metric='foo' labels={instance=bar} value=10 ]\n\n" +
          'Annotations:\n- summary: Notification test\n\n' +
          '[Silence](https://zuliptestingwh2.grafana.net/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DTestAlert&matcher=instance%3DGrafana)',
      },
    ],
  },
  {
    // Zulip's test posts this one as JSON and reads the last two messages.
    test: 'test_alert_multiple_v8',
    fixture: 'alert_multiple_v8.json',
    expect: [
      {
        topic: '[High memory usage]',
        content:
          ':alert: **FIRING**\n\n**High memory usage**\n\n' +
          'This alert was fired at <time:2021-10-12T09:51:03+02:00>.\n\n' +
          'Labels:\n- alertname: High memory usage\n- team: blue\n- zone: us-1\n\n' +
          "Values:\n[ metric='' labels={} value=14151.331895396988 ]\n\n" +
          'Annotations:\n- description: The system has high memory usage\n- runbook_url: https://myrunbook.com/runbook/1234\n' +
          '- summary: This alert was triggered for zone us-1\n\n' +
          '[Generator](https://play.grafana.org/alerting/1afz29v7z/edit)\n' +
          '[Silence](https://play.grafana.org/alerting/silence/new?alertmanager=grafana&matchers=alertname%3DT2%2Cteam%3Dblue%2Czone%3Dus-1)',
      },
      {
        topic: '[High CPU usage]',
        content:
          ':alert: **FIRING**\n\n**High CPU usage**\n\n' +
          'This alert was fired at <time:2021-10-12T09:56:03+02:00>.\n\n' +
          'Labels:\n- alertname: High CPU usage\n- team: blue\n- zone: eu-1\n\n' +
          "Values:\n[ metric='' labels={} value=47043.702386305304 ]\n\n" +
          'Annotations:\n- description: The system has high CPU usage\n- runbook_url: https://myrunbook.com/runbook/1234\n' +
          '- summary: This alert was triggered for zone eu-1\n\n' +
          '[Generator](https://play.grafana.org/alerting/d1rdpdv7k/edit)\n' +
          '[Silence](https://play.grafana.org/alerting/silence/new?alertmanager=grafana&matchers=alertname%3DT1%2Cteam%3Dblue%2Czone%3Deu-1)',
      },
    ],
  },
  {
    test: 'test_alert_values_v11',
    fixture: 'alert_values_v11.json',
    contentType: FORM,
    expect: [
      {
        topic: '[Memory (copy)]',
        content:
          ':alert: **FIRING**\n\n**Memory (copy)**\n\n' +
          'This alert was fired at <time:2024-03-01T02:09:00+00:00>.\n\n' +
          'Labels:\n- alertname: Memory (copy)\n- debug: true\n- grafana_folder: device\n\n' +
          `${V11_VALUES}\n\n${V11_LINKS}`,
      },
    ],
  },
  {
    test: 'test_alert_no_alertname_v11',
    fixture: 'alert_no_alertname_v11.json',
    contentType: FORM,
    expect: [
      {
        topic: '[e6349a25f5ef0e9e]',
        content:
          ':alert: **FIRING**\n\n' +
          'This alert was fired at <time:2024-03-01T02:09:00+00:00>.\n\n' +
          'Labels:\n- debug: true\n- grafana_folder: device\n\n' +
          `${V11_VALUES}\n\n${V11_LINKS}`,
      },
    ],
  },
];

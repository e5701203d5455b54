/** zerver/webhooks/alertmanager/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

// Every test's URL names the label for the topic and the one for each line.
const QUERY = { name: 'topic', desc: 'description' };
const SOURCE =
  'http://cobalt:9090/graph?g0.expr=avg+by%28host%29+%28sensors_temp_input%7Bfeature%3D~%22core_%5B0-9%5D%2B%22%7D%29+%3E+15&g0.tab=0';

export const cases: ZulipCase[] = [
  {
    test: 'test_error_issue_message',
    fixture: 'alert.json',
    query: QUERY,
    expect: [
      {
        topic: 'andromeda',
        content:
          ':alert: **FIRING**\n' +
          `* CPU core temperature is 34.75C ([source](${SOURCE}))\n` +
          `* CPU core temperature is 17.625C ([source](${SOURCE}))`,
      },
    ],
  },
  {
    test: 'test_single_error_issue_message',
    fixture: 'single_alert.json',
    query: QUERY,
    expect: [{ topic: 'andromeda', content: `:squared_ok: **Resolved** CPU core temperature is 34.75C ([source](${SOURCE}))` }],
  },
];

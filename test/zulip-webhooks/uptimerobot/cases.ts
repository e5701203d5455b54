/** zerver/webhooks/uptimerobot/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_uptimerobot_monitor_down',
    fixture: 'uptimerobot_monitor_down.json',
    expect: [{ topic: 'Web Server', content: 'Web Server (server1.example.com) is DOWN (Host Is Unreachable).' }],
  },
  {
    test: 'test_uptimerobot_monitor_up',
    fixture: 'uptimerobot_monitor_up.json',
    expect: [
      {
        topic: 'Mail Server',
        content: `Mail Server (server2.example.com) is back UP (Host Is Reachable).
It was down for 44 minutes and 37 seconds.`,
      },
    ],
  },
  // Zulip's test also checks the notice to the bot's owner: services/webhook/test/incidents.test.ts.
  {
    test: 'test_uptimerobot_invalid_payload_with_missing_data',
    fixture: 'uptimerobot_invalid_payload_with_missing_data.json',
    expect: { status: 400, msg: 'Invalid payload' },
  },
];

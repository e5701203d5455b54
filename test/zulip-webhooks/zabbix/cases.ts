/** zerver/webhooks/zabbix/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_zabbix_alert_message',
    fixture: 'zabbix_alert.json',
    expect: [
      {
        topic: 'www.example.com',
        content: `PROBLEM (Average) alert on [www.example.com](https://zabbix.example.com/tr_events.php?triggerid=14032&eventid=10528):
* Zabbix agent on www.example.com is unreachable for 5 minutes
* Agent ping is Up (1)`,
      },
    ],
  },
  // Zulip's test also checks the notice to the bot's owner: services/webhook/test/incidents.test.ts.
  {
    test: 'test_zabbix_invalid_payload_with_missing_data',
    fixture: 'zabbix_invalid_payload_with_missing_data.json',
    expect: { status: 400, msg: 'Invalid payload' },
  },
];

/** zerver/webhooks/statuspage/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_statuspage_incident',
    fixture: 'incident_created.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Database query delays: All Systems Operational',
        content: `**Database query delays**:
* State: **identified**
* Description: We just encountered that database queries are timing out resulting in inconvenience to our end users...we'll do quick fix latest by tomorrow !!!`,
      },
    ],
  },
  {
    test: 'test_statuspage_incident_update',
    fixture: 'incident_update.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Database query delays: All Systems Operational',
        content: `**Database query delays**:
* State: **resolved**
* Description: The database issue is resolved.`,
      },
    ],
  },
  {
    test: 'test_statuspage_component',
    fixture: 'component_status_update.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Database component: Service Under Maintenance',
        content: '**Database component** has changed status from **operational** to **under_maintenance**.',
      },
    ],
  },
  // Zulip's test posts an empty JSON object, not a fixture: anomalous_payload.json is that body.
  {
    test: 'test_statuspage_anomalous_payload',
    fixture: 'anomalous_payload.json',
    expect: { status: 400, msg: 'Unable to parse request: Did Statuspage generate this event?' },
  },
];

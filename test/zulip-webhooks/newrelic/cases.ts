/** zerver/webhooks/newrelic/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_incident_activated_new_default_payload',
    fixture: 'incident_activated_new_default_payload.json',
    expect: [
      {
        topic: "zulip_app query result is > 1.0 for 1 minutes on 'Zulip S...",
        content: `:red_circle: **[zulip_app query result is > 1.0 for 1 minutes on 'Zulip Server Low Storage'](https://radar-api.service.newrelic.com/accounts/4420147/issues/c5faa7e6-7b54-402d-af79-f99601e0278c?notifier=WEBHOOK)**

\`\`\`quote
**Priority**: CRITICAL
**State**: ACTIVATED
**Updated at**: <time:2024-04-22T07:08:28+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`Zulip Server Low Storage\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T03:05:31+00:00>

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_activated_new_provided_base_payload',
    fixture: 'incident_activated_new_provided_base_payload.json',
    expect: [
      {
        topic: "PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Sto...",
        content: `:orange_circle: **[PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Storage on Host Exceeded Threshold'](https://radar-api.service.newrelic.com/accounts/4420147/issues/13bbcdca-f0b6-470d-b0be-b34583c58869?notifier=WEBHOOK)**

\`\`\`quote
**Priority**: HIGH
**State**: ACTIVATED
**Updated at**: <time:2024-04-22T07:12:29+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`Storage on Host Exceeded Threshold\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T07:12:29+00:00>
- **Your custom payload**: somedata123

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_closed_default_payload',
    fixture: 'incident_closed_default_payload.json',
    expect: [
      {
        topic: "main_app-UBUNTU query result is > 2.0 for 1 minutes on 'H...",
        content: `:red_circle: **[main_app-UBUNTU query result is > 2.0 for 1 minutes on 'High CPU'](https://radar-api.service.newrelic.com/accounts/1/issues/0ea2df1c-adab-45d2-aae0-042b609d2322?notifier=SLACK)**

\`\`\`quote
**Priority**: CRITICAL
**State**: CLOSED
**Updated at**: <time:2024-04-22T06:17:37+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`High CPU\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T06:16:30+00:00>

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_closed_provided_base_payload',
    fixture: 'incident_closed_provided_base_payload.json',
    expect: [
      {
        topic: "PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Sto...",
        content: `:orange_circle: **[PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Storage on Host Exceeded Threshold'](https://radar-api.service.newrelic.com/accounts/4420147/issues/13bbcdca-f0b6-470d-b0be-b34583c58869?notifier=WEBHOOK)**

\`\`\`quote
**Priority**: HIGH
**State**: CLOSED
**Updated at**: <time:2024-04-22T07:15:35+00:00>
**Acknowledged by**: Pieter Cardillo Kwok
\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`Storage on Host Exceeded Threshold\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T07:12:29+00:00>
- **Your custom payload**: somedata123

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_acknowledged_default_payload',
    fixture: 'incident_acknowledged_default_payload.json',
    expect: [
      {
        topic: "PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Sto...",
        content: `:orange_circle: **[PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Storage on Host Exceeded Threshold'](https://radar-api.service.newrelic.com/accounts/4420147/issues/13bbcdca-f0b6-470d-b0be-b34583c58869?notifier=WEBHOOK)**

\`\`\`quote
**Priority**: HIGH
**State**: ACTIVATED
**Updated at**: <time:2024-04-22T07:14:37+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`Storage on Host Exceeded Threshold\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T07:12:29+00:00>

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_acknowledged_provided_base_payload',
    fixture: 'incident_acknowledged_provided_base_payload.json',
    expect: [
      {
        topic: "PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Sto...",
        content: `:orange_circle: **[PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Storage on Host Exceeded Threshold'](https://radar-api.service.newrelic.com/accounts/4420147/issues/13bbcdca-f0b6-470d-b0be-b34583c58869?notifier=WEBHOOK)**

\`\`\`quote
**Priority**: HIGH
**State**: ACTIVATED
**Updated at**: <time:2024-04-22T07:14:37+00:00>
**Acknowledged by**: Pieter Cardillo Kwok
\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`Storage on Host Exceeded Threshold\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T07:12:29+00:00>

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_created_default_payload',
    fixture: 'incident_created_default_payload.json',
    expect: [
      {
        topic: "MAIN-APP-UBUNTU query result is > 2.0 for 1 minutes on 'H...",
        content: `:red_circle: **[MAIN-APP-UBUNTU query result is > 2.0 for 1 minutes on 'High CPU'](https://radar-api.service.newrelic.com/accounts/1/issues/0ea2df1c-adab-45d2-aae0-042b609d2322?notifier=SLACK)**

\`\`\`quote
**Priority**: CRITICAL
**State**: CREATED
**Updated at**: <time:2024-04-22T06:36:29+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`High CPU\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T06:36:29+00:00>

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_created_provided_base_payload',
    fixture: 'incident_created_provided_base_payload.json',
    expect: [
      {
        topic: "PIETER-UBUNTU query result is > 2.0 for 1 minutes on 'Hig...",
        content: `:red_circle: **[PIETER-UBUNTU query result is > 2.0 for 1 minutes on 'High CPU'](https://radar-api.service.newrelic.com/accounts/1/issues/0ea2df1c-adab-45d2-aae0-042b609d2322?notifier=SLACK)**

\`\`\`quote
**Priority**: CRITICAL
**State**: CREATED
**Updated at**: <time:2024-04-22T06:36:29+00:00>
**Acknowledged by**: John Doe
\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`High CPU\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T06:36:29+00:00>

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_default_base_with_zulip_custom_fields',
    fixture: 'incident_default_base_with_zulip_custom_fields.json',
    expect: [
      {
        topic: "PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Sto...",
        content: `:orange_circle: **[PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Storage on Host Exceeded Threshold'](https://radar-api.service.newrelic.com/accounts/4420147/issues/13bbcdca-f0b6-470d-b0be-b34583c58869?notifier=WEBHOOK)**

\`\`\`quote
**Priority**: HIGH
**State**: ACTIVATED
**Updated at**: <time:2024-04-22T07:12:29+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`Storage on Host Exceeded Threshold\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T07:12:29+00:00>
- **Your custom payload**: somedata123
- **Custom status 1**: True
- **Custom list 1**: SSD, 2000, False, None, 13.33
- **Custom field 1**: None
- **Custom field 2**: 9000

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_provided_base_with_zulip_custom_fields',
    fixture: 'incident_provided_base_with_zulip_custom_fields.json',
    expect: [
      {
        topic: "main_app-UBUNTU query result is > 2.0 for 1 minutes on 'H...",
        content: `:red_circle: **[main_app-UBUNTU query result is > 2.0 for 1 minutes on 'High CPU'](https://radar-api.service.newrelic.com/accounts/1/issues/0ea2df1c-adab-45d2-aae0-042b609d2322?notifier=SLACK)**

\`\`\`quote
**Priority**: CRITICAL
**State**: CLOSED
**Updated at**: <time:2024-04-22T06:17:37+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`High CPU\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T06:16:30+00:00>
- **Your custom payload**: somedata123
- **Custom status 1**: True
- **Custom list 1**: SSD, 2000, False, None, 13.33
- **Custom field 1**: None
- **Custom field 2**: 9000

\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_with_invalid_zulip_custom_fields',
    fixture: 'incident_with_invalid_zulip_custom_fields.json',
    expect: [
      {
        topic: "PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Sto...",
        content: `:orange_circle: **[PIETER-UBUNTU query result is > 1.0 for 5 minutes on 'Storage on Host Exceeded Threshold'](https://radar-api.service.newrelic.com/accounts/4420147/issues/13bbcdca-f0b6-470d-b0be-b34583c58869?notifier=WEBHOOK)**

\`\`\`quote
**Priority**: HIGH
**State**: ACTIVATED
**Updated at**: <time:2024-04-22T07:12:29+00:00>

\`\`\`

\`\`\`spoiler :file: Incident details

- **Alert policies**: \`Golden Signals\`
- **Conditions**: \`Storage on Host Exceeded Threshold\`
- **Total incidents**: 1
- **Incident created at**: <time:2024-04-22T07:12:29+00:00>
- **Invalid fields 1**: *Value is not a supported data type*
- **Invalid field 2**: *Value is not a supported data type*
- **Is valid**: True

\`\`\``,
      },
    ],
  },
  {
    test: 'test_missing_essential_fields_default_payload',
    fixture: 'missing_essential_fields_default_payload.json',
    expect: [
      {
        topic: 'New Relic incident alerts',
        content: `:danger: A New Relic [incident](https://one.newrelic.com/alerts-ai) updated

**Warning**: Unable to use the default notification format because at least one expected field was missing from the incident payload. See [New Relic integration documentation](/integrations/newrelic).

**Missing fields**: \`issueUrl\`, \`title\`, \`priority\`, \`totalIncidents\`, \`state\`, \`createdAt\`, \`updatedAt\`, \`alertPolicyNames\`, \`alertConditionNames\``,
      },
    ],
  },
];

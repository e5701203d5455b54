/** zerver/webhooks/opsgenie/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_acknowledge_alert',
    fixture: 'acknowledge.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: Acknowledge
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_addnote_alert',
    fixture: 'addnote.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: AddNote
* **Note**: note to test alert
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_addrecipient_alert',
    fixture: 'addrecipient.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: AddRecipient
* **Recipient**: team2_escalation
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_addtags_alert',
    fixture: 'addtags.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: AddTags
* **Tags added**: tag1,tag2,tag3
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\`, \`tag3\``,
      },
    ],
  },
  {
    test: 'test_addteam_alert',
    fixture: 'addteam.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: AddTeam
* **Team added**: team2
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_assignownership_alert',
    fixture: 'assignownership.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: AssignOwnership
* **Assigned owner**: user2@ifountain.com
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_close_alert',
    fixture: 'close.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: Close
* **Message**: test alert`,
      },
    ],
  },
  {
    test: 'test_create_alert',
    fixture: 'create.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Webhook',
        content: `[Opsgenie alert for Webhook](https://app.opsgenie.com/alert/V2#/show/ec03dad6-62c8-4c94-b38b-d88f398e900f):
* **Type**: Create
* **Message**: another alert
* **Tags**: \`vip\``,
      },
    ],
  },
  {
    test: 'test_customaction_alert',
    fixture: 'customaction.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: TestAction
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_delete_alert',
    fixture: 'delete.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: Delete
* **Message**: test alert`,
      },
    ],
  },
  {
    test: 'test_escalate_alert',
    fixture: 'escalate.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Webhook_Test',
        content: `[Opsgenie alert for Webhook_Test](https://app.opsgenie.com/alert/V2#/show/7ba97e3a-d328-4b5e-8f9a-39e945a3869a):
* **Type**: Escalate
* **Escalation**: test_esc`,
      },
    ],
  },
  {
    test: 'test_removetags_alert',
    fixture: 'removetags.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: RemoveTags
* **Tags removed**: tag3
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_takeownership_alert',
    fixture: 'takeownership.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Webhook',
        content: `[Opsgenie alert for Webhook](https://app.opsgenie.com/alert/V2#/show/8a745a79-3ed3-4044-8427-98e067c0623c):
* **Type**: TakeOwnership
* **Message**: message test
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
  {
    test: 'test_unacknowledge_alert',
    fixture: 'unacknowledge.json',
    contentType: 'application/x-www-form-urlencoded',
    expect: [
      {
        topic: 'Integration1',
        content: `[Opsgenie alert for Integration1](https://app.opsgenie.com/alert/V2#/show/052652ac-5d1c-464a-812a-7dd18bbfba8c):
* **Type**: UnAcknowledge
* **Message**: test alert
* **Tags**: \`tag1\`, \`tag2\``,
      },
    ],
  },
];

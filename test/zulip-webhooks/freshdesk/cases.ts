/** zerver/webhooks/freshdesk/tests.py (see ../NOTICE). Zulip's tests post as HTTP Basic, as Freshdesk does. */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_ticket_creation',
    fixture: 'ticket_created.json',
    contentType: 'application/x-www-form-urlencoded',
    basicAuth: true,
    expect: [
      {
        topic: '#11: Test ticket subject ☃',
        content: `Requester ☃ Bob <requester-bob@example.com> created [ticket #11](http://test1234zzz.freshdesk.com/helpdesk/tickets/11):

\`\`\` quote
Test ticket description ☃.
\`\`\`

* **Type**: Incident
* **Priority**: High
* **Status**: Pending`,
      },
    ],
  },
  {
    test: 'test_status_change',
    fixture: 'status_changed.json',
    contentType: 'application/x-www-form-urlencoded',
    basicAuth: true,
    expect: [
      {
        topic: '#11: Test ticket subject ☃',
        content: `Requester Bob <requester-bob@example.com> updated [ticket #11](http://test1234zzz.freshdesk.com/helpdesk/tickets/11):

* **Status**: Resolved -> Waiting on Customer`,
      },
    ],
  },
  {
    test: 'test_priority_change',
    fixture: 'priority_changed.json',
    contentType: 'application/x-www-form-urlencoded',
    basicAuth: true,
    expect: [
      {
        topic: '#11: Test ticket subject',
        content: `Requester Bob <requester-bob@example.com> updated [ticket #11](http://test1234zzz.freshdesk.com/helpdesk/tickets/11):

* **Priority**: High -> Low`,
      },
    ],
  },
  {
    test: 'test_private_note_change',
    fixture: 'private_note.json',
    contentType: 'application/x-www-form-urlencoded',
    basicAuth: true,
    expect: [
      {
        topic: '#11: Test ticket subject',
        content:
          'Requester Bob <requester-bob@example.com> added a private note to [ticket #11](http://test1234zzz.freshdesk.com/helpdesk/tickets/11).',
      },
    ],
  },
  {
    test: 'test_public_note_change',
    fixture: 'public_note.json',
    contentType: 'application/x-www-form-urlencoded',
    basicAuth: true,
    expect: [
      {
        topic: '#11: Test ticket subject',
        content:
          'Requester Bob <requester-bob@example.com> added a public note to [ticket #11](http://test1234zzz.freshdesk.com/helpdesk/tickets/11).',
      },
    ],
  },
  {
    test: 'test_inline_image',
    fixture: 'inline_images.json',
    contentType: 'application/x-www-form-urlencoded',
    basicAuth: true,
    expect: [
      {
        topic: '#12: Not enough ☃ guinea pigs',
        content: `Requester ☃ Bob <requester-bob@example.com> created [ticket #12](http://test1234zzz.freshdesk.com/helpdesk/tickets/12):

\`\`\` quote
There are too many cat pictures on the internet ☃. We need more guinea pigs.
Exhibit 1:

  

[guinea_pig.png](http://cdn.freshdesk.com/data/helpdesk/attachments/production/12744808/original/guinea_pig.png)
\`\`\`

* **Type**: Problem
* **Priority**: Urgent
* **Status**: Open`,
      },
    ],
  },
  {
    test: 'test_unknown_event_payload_ignore',
    fixture: 'unknown_payload.json',
    contentType: 'application/x-www-form-urlencoded',
    basicAuth: true,
    expect: [],
  },
];

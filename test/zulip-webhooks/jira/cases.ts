/**
 * zerver/webhooks/jira/tests.py (see ../NOTICE). test_ignored_events posts a payload built in
 * the test per event; they are fixtures here (ignored_<event>.json, `:` written `_`). Tests that
 * check_webhook twice (v1 and v2 payloads) are two cases.
 *
 * Zulip's tests subscribe to streams of their own (jira_custom, "jira alerts") that this
 * server's development realm does not have; those cases post to one it has, escaped as the test
 * escapes its own, so what they check (a stream named by the caller, decoded once more) holds.
 */
import type { ZulipCase } from '../case';

const BUG_15 = 'BUG-15: New bug with hook';
const BUG_15_LINK = '[BUG-15: New bug with hook](http://lfranchi.com:8080/browse/BUG-15)';
const CREATED = `Leo Franchi created ${BUG_15_LINK}:\n\n* **Priority**: Major\n* **Assignee**: no one`;
const OTHELLO = '(assigned to **Othello, the Moor of Venice**)';
const SP_1 = 'SP-1: Add support for newer format Jira issue comment events';
const SP_1_LINK = `[${SP_1}](https://f20171170.atlassian.net/browse/SP-1)`;
const TEST_4 = 'TEST-4: Test Created Assignee';
const ADMIN = 'Leonardo Franchi [Administrator]';

const MARKUP =
  `${ADMIN} commented on [TEST-7: Testing of rich text](https://zulipp.atlassian.net/browse/TEST-7):\n\n` +
  '``` quote\nThis is a comment that likes to **exercise** a lot of _different_ `conventions` that `jira uses`.\r\n\r\n' +
  '~~~\n\r\nthis code is not highlighted, but monospaced\r\n\n~~~\r\n\r\n' +
  '~~~\n\r\ndef python():\r\n    print "likes to be formatted"\r\n\n~~~\r\n\r\n' +
  '[http://www.google.com](http://www.google.com) is a bare link, and [Google](http://www.google.com) is given a title.\r\n\r\n' +
  'Thanks!\r\n\r\n~~~ quote\n\r\nSomeone said somewhere\r\n\n~~~\n```';

const IGNORED = [
  'attachment_created',
  'issuelink_created',
  'issuelink_deleted',
  'jira:version_released',
  'jira:worklog_updated',
  'sprint_closed',
  'sprint_started',
  'worklog_created',
  'worklog_updated',
];

function twice(test: string, name: string, topic: string, content: string): ZulipCase[] {
  return ['v1', 'v2'].map((v) => ({ test, fixture: `${name}_${v}.json`, expect: [{ topic, content }] }));
}

export const cases: ZulipCase[] = [
  { test: 'test_custom_channel', fixture: 'created_v2.json', query: { stream: 'Verona' }, expect: [{ topic: BUG_15, content: CREATED }] },
  ...twice('test_created', 'created', BUG_15, CREATED),
  ...IGNORED.map((event): ZulipCase => ({ test: 'test_ignored_events', fixture: `ignored_${event.replace(':', '_')}.json`, expect: [] })),
  {
    // The URL holds Denmark's name escaped once; the query parser decodes it.
    test: 'test_created_with_channel_with_spaces_escaped',
    fixture: 'created_v1.json',
    query: { stream: 'Denmark' },
    expect: [{ topic: BUG_15, content: CREATED }],
  },
  {
    // Escaped twice in the URL ("%2544enmark"): still "%44enmark" once the query is parsed.
    test: 'test_created_with_channel_with_spaces_double_escaped',
    fixture: 'created_v1.json',
    query: { stream: '%44enmark' },
    expect: [{ topic: BUG_15, content: CREATED }],
  },
  {
    test: 'test_created_with_topic_with_spaces_double_escaped',
    fixture: 'created_v1.json',
    query: { topic: 'alerts%20test' },
    expect: [{ topic: 'alerts test', content: CREATED }],
  },
  ...twice(
    'test_created_with_unicode',
    'created_with_unicode',
    'BUG-15: New bug with à hook',
    'Leo Franchià created [BUG-15: New bug with à hook](http://lfranchi.com:8080/browse/BUG-15):\n\n* **Priority**: Major\n* **Assignee**: no one',
  ),
  ...twice(
    'test_created_assignee',
    'created_assignee',
    TEST_4,
    `${ADMIN} created [${TEST_4}](https://zulipp.atlassian.net/browse/TEST-4):\n\n* **Priority**: Major\n* **Assignee**: ${ADMIN}`,
  ),
  ...twice(
    'test_commented',
    'commented',
    BUG_15,
    `Leo Franchi commented on ${BUG_15_LINK} ${OTHELLO}:\n\n\`\`\` quote\nAdding a comment. Oh, what a comment it is!\n\`\`\``,
  ),
  {
    test: 'test_commented_with_two_full_links',
    fixture: 'commented_v2_with_two_full_links.json',
    expect: [
      {
        topic: BUG_15,
        content:
          `Leo Franchi commented on ${BUG_15_LINK} ${OTHELLO}:\n\n\`\`\` quote\n` +
          'This is the [first link](https://google.com) and this is the [second link](https://google.com) and this is the end.\n```',
      },
    ],
  },
  {
    test: 'test_comment_edited',
    fixture: 'comment_edited_v2.json',
    expect: [
      {
        topic: BUG_15,
        content: `Leo Franchi edited a comment on ${BUG_15_LINK} ${OTHELLO}:\n\n\`\`\` quote\nAdding a comment. Oh, what a comment it is!\n\`\`\``,
      },
    ],
  },
  {
    test: 'test_comment_deleted',
    fixture: 'comment_deleted_v2.json',
    expect: [
      {
        topic: 'TOM-1: New Issue',
        content:
          'Tomasz Kolek deleted a comment from [TOM-1: New Issue](https://zuliptomek.atlassian.net/browse/TOM-1) (assigned to **kolaszek@go2.pl**).',
      },
    ],
  },
  ...twice('test_commented_markup', 'commented_markup', 'TEST-7: Testing of rich text', MARKUP),
  ...twice('test_deleted', 'deleted', BUG_15, `Leo Franchi deleted ${BUG_15_LINK}.`),
  ...twice(
    'test_reassigned',
    'reassigned',
    BUG_15,
    `Leo Franchi updated ${BUG_15_LINK} ${OTHELLO}:\n\n* Changed assignee to **Othello, the Moor of Venice**`,
  ),
  ...twice(
    'test_priority_updated',
    'updated_priority',
    'TEST-1: Fix That',
    `${ADMIN} updated [TEST-1: Fix That](https://zulipp.atlassian.net/browse/TEST-1) (assigned to **leo@zulip.com**):\n\n* Changed priority from **Critical** to **Major**`,
  ),
  ...twice(
    'test_status_changed',
    'change_status',
    'TEST-1: Fix That',
    `${ADMIN} updated [TEST-1: Fix That](https://zulipp.atlassian.net/browse/TEST-1):\n\n* Changed status from **To Do** to **In Progress**`,
  ),
  {
    test: 'test_comment_event_comment_created',
    fixture: 'comment_created.json',
    expect: [
      {
        topic: SP_1,
        content: `Hemanth V. Alluri commented on ${SP_1_LINK}\n\`\`\` quote\nSounds like it’s pretty important. I’ll get this fixed ASAP!\n\`\`\``,
      },
    ],
  },
  {
    test: 'test_comment_event_comment_created_no_issue_details',
    fixture: 'comment_created_no_issue_details.json',
    expect: [
      {
        topic: '10000: Upgrade Jira to get the issue title here.',
        content:
          'Hemanth V. Alluri commented on 10000: Upgrade Jira to get the issue title here.\n``` quote\nSounds like it’s pretty important. I’ll get this fixed ASAP!\n```',
      },
    ],
  },
  {
    test: 'test_comment_event_comment_edited',
    fixture: 'comment_updated.json',
    expect: [
      {
        topic: SP_1,
        content: `Hemanth V. Alluri updated their comment on ${SP_1_LINK}\n\`\`\` quote\nThis is a very important issue! I’m on it!\n\`\`\``,
      },
    ],
  },
  {
    test: 'test_comment_event_comment_deleted',
    fixture: 'comment_deleted.json',
    expect: [
      {
        topic: SP_1,
        content: `Hemanth V. Alluri deleted their comment on ${SP_1_LINK}\n\`\`\` quote\n~~This is a very important issue! I’m on it!~~\n\`\`\``,
      },
    ],
  },
  {
    test: 'test_anomalous_webhook_payload_error',
    fixture: 'example_anomalous_payload.json',
    expect: { status: 400, msg: 'Unable to parse request: Did Jira generate this event?' },
  },
];

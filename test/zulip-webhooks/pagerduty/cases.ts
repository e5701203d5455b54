/** zerver/webhooks/pagerduty/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

const UNSUPPORTED = "The 'incident.unsupported' event isn't currently supported by the PagerDuty webhook; ignoring";

export const cases: ZulipCase[] = [
  {
    test: 'test_trigger',
    fixture: 'trigger.json',
    expect: [
      {
        topic: 'Incident 3',
        content: `Incident [3](https://zulip-test.pagerduty.com/incidents/P140S4Y) triggered by [Test service](https://zulip-test.pagerduty.com/services/PIL5CUQ) (assigned to [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ)).

\`\`\` quote
foo
\`\`\``,
      },
    ],
  },
  {
    test: 'test_trigger_v2',
    fixture: 'trigger_v2.json',
    expect: [
      {
        topic: 'Incident 33',
        content: `Incident [33](https://webdemo.pagerduty.com/incidents/PRORDTY) triggered by [Production XDB Cluster](https://webdemo.pagerduty.com/services/PN49J75) (assigned to [Laura Haley](https://webdemo.pagerduty.com/users/P553OPV)).

\`\`\` quote
My new incident
\`\`\``,
      },
    ],
  },
  {
    test: 'test_triggerer_v3',
    fixture: 'triggered_v3.json',
    expect: [
      {
        topic: 'Incident Test Incident 3 (#9)',
        content:
          'Incident [Test Incident 3 (#9)](https://pig208.pagerduty.com/incidents/PFQZPSY) triggered by [pig208](https://pig208.pagerduty.com/services/PA2P440) (assigned to [PIG 208](https://pig208.pagerduty.com/users/PJ0LVEB)).',
      },
    ],
  },
  {
    test: 'test_trigger_without_assignee_v2',
    fixture: 'trigger_without_assignee_v2.json',
    expect: [
      {
        topic: 'Incident 33',
        content: `Incident [33](https://webdemo.pagerduty.com/incidents/PRORDTY) triggered by [Production XDB Cluster](https://webdemo.pagerduty.com/services/PN49J75) (assigned to nobody).

\`\`\` quote
My new incident
\`\`\``,
      },
    ],
  },
  {
    test: 'test_unacknowledge',
    fixture: 'unacknowledge.json',
    expect: [
      {
        topic: 'Incident 3',
        content: `Incident [3](https://zulip-test.pagerduty.com/incidents/P140S4Y) unacknowledged by [Test service](https://zulip-test.pagerduty.com/services/PIL5CUQ) (assigned to [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ)).

\`\`\` quote
foo
\`\`\``,
      },
    ],
  },
  {
    test: 'test_unacknowledged_v3',
    fixture: 'unacknowledged_v3.json',
    expect: [
      {
        topic: 'Incident Test Incident (#10)',
        content:
          'Incident [Test Incident (#10)](https://pig208.pagerduty.com/incidents/PQ1K5C8) unacknowledged by [pig208](https://pig208.pagerduty.com/services/PA2P440) (assigned to [PIG 208](https://pig208.pagerduty.com/users/PJ0LVEB)).',
      },
    ],
  },
  {
    test: 'test_resolved',
    fixture: 'resolved.json',
    expect: [
      {
        topic: 'Incident 1',
        content: `Incident [1](https://zulip-test.pagerduty.com/incidents/PO1XIJ5) resolved by [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ).

\`\`\` quote
It is on fire
\`\`\``,
      },
    ],
  },
  {
    test: 'test_resolved_v2',
    fixture: 'resolve_v2.json',
    expect: [
      {
        topic: 'Incident 33',
        content: `Incident [33](https://webdemo.pagerduty.com/incidents/PRORDTY) resolved by [Laura Haley](https://webdemo.pagerduty.com/users/P553OPV).

\`\`\` quote
My new incident
\`\`\``,
      },
    ],
  },
  {
    test: 'test_resolved_v3',
    fixture: 'resolved_v3.json',
    expect: [
      {
        topic: 'Incident Test Incident (#6)',
        content:
          'Incident [Test Incident (#6)](https://pig208.pagerduty.com/incidents/PCPZE64) resolved by [PIG 208](https://pig208.pagerduty.com/users/PJ0LVEB).',
      },
    ],
  },
  {
    test: 'test_auto_resolved',
    fixture: 'auto_resolved.json',
    expect: [
      {
        topic: 'Incident 2',
        content: `Incident [2](https://zulip-test.pagerduty.com/incidents/PX7K9J2) resolved.

\`\`\` quote
new
\`\`\``,
      },
    ],
  },
  {
    test: 'test_acknowledge',
    fixture: 'acknowledge.json',
    // The fixture holds an assignment, then the acknowledgement Zulip's test checks (its last message).
    expect: [
      {
        topic: 'Incident 1',
        content: `Incident [1](https://zulip-test.pagerduty.com/incidents/PO1XIJ5) assigned to [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ).

\`\`\` quote
It is on fire
\`\`\``,
      },
      {
        topic: 'Incident 1',
        content: `Incident [1](https://zulip-test.pagerduty.com/incidents/PO1XIJ5) acknowledged by [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ).

\`\`\` quote
It is on fire
\`\`\``,
      },
    ],
  },
  {
    test: 'test_acknowledge_without_trigger_summary_data',
    fixture: 'acknowledge_without_trigger_summary_data.json',
    // The fixture holds an assignment, then the acknowledgement Zulip's test checks (its last message).
    expect: [
      {
        topic: 'Incident 1',
        content: `Incident [1](https://zulip-test.pagerduty.com/incidents/PO1XIJ5) assigned to [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ).

\`\`\` quote

\`\`\``,
      },
      {
        topic: 'Incident 1',
        content: `Incident [1](https://zulip-test.pagerduty.com/incidents/PO1XIJ5) acknowledged by [armooo](https://zulip-test.pagerduty.com/users/POBCFRJ).

\`\`\` quote

\`\`\``,
      },
    ],
  },
  {
    test: 'test_acknowledged_v3',
    fixture: 'acknowledged_v3.json',
    expect: [
      {
        topic: 'Incident Test Incident (#10)',
        content:
          'Incident [Test Incident (#10)](https://pig208.pagerduty.com/incidents/PQ1K5C8) acknowledged by [PIG 208](https://pig208.pagerduty.com/users/PJ0LVEB).',
      },
    ],
  },
  {
    test: 'test_acknowledge_v2',
    fixture: 'acknowledge_v2.json',
    expect: [
      {
        topic: 'Incident 33',
        content: `Incident [33](https://webdemo.pagerduty.com/incidents/PRORDTY) acknowledged by [Laura Haley](https://webdemo.pagerduty.com/users/P553OPV).

\`\`\` quote
My new incident
\`\`\``,
      },
    ],
  },
  {
    test: 'test_incident_assigned_v2',
    fixture: 'assign_v2.json',
    expect: [
      {
        topic: 'Incident 33',
        content: `Incident [33](https://webdemo.pagerduty.com/incidents/PRORDTY) assigned to [Wiley Jacobson](https://webdemo.pagerduty.com/users/PFBSJ2Z).

\`\`\` quote
My new incident
\`\`\``,
      },
    ],
  },
  {
    test: 'test_reassigned_v3',
    fixture: 'reassigned_v3.json',
    expect: [
      {
        topic: 'Incident Test Incident (#3)',
        content:
          'Incident [Test Incident (#3)](https://pig208.pagerduty.com/incidents/PIQUG8X) reassigned to [Test User](https://pig208.pagerduty.com/users/PI9DT01).',
      },
    ],
  },
  {
    test: 'test_no_subject',
    fixture: 'mp_fail.json',
    expect: [
      {
        topic: 'Incident 48219',
        content: `Incident [48219](https://dropbox.pagerduty.com/incidents/PJKGZF9) resolved.

\`\`\` quote
mp_error_block_down_criticalℙƴ
\`\`\``,
      },
    ],
  },
  // One test posts the three versions' unsupported events in turn.
  { test: 'test_unsupported_webhook_event', fixture: 'unsupported_v1.json', expect: { status: 200, msg: UNSUPPORTED } },
  { test: 'test_unsupported_webhook_event', fixture: 'unsupported_v2.json', expect: { status: 200, msg: UNSUPPORTED } },
  { test: 'test_unsupported_webhook_event', fixture: 'unsupported_v3.json', expect: { status: 200, msg: UNSUPPORTED } },
];

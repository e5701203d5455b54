/** zerver/webhooks/sentry/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

const FENCE = '```';

/** The quoted details block every event and new issue carries. */
function details(fields: [string, string][]): string {
  return [`${FENCE}quote`, ...fields.map(([name, value]) => `**${name}:** ${value}`), FENCE].join('\n');
}

function exception(title: string, url: string, level: string, time: string, filename: string, traceback?: [string, string[]]): string {
  const head =
    `**New exception:** [${title}](${url})\n` +
    details([
      ['level', level],
      ['timestamp', `<time:${time}>`],
      ['filename', filename],
    ]);
  if (!traceback) return head;
  const [language, lines] = traceback;
  return `${head}\n\nTraceback:\n${FENCE}${language}\n${lines.join('\n')}${FENCE}`;
}

function messageEvent(title: string, url: string, level: string, time: string): string {
  return (
    `**New message event:** [${title}](${url})\n` +
    details([
      ['level', level],
      ['timestamp', `<time:${time}>`],
    ])
  );
}

const ORG = 'https://sentry.io/organizations/hypro999-personal-organization/issues';
const INVALID_STATE = 'Exception: program has entered an invalid state.';
const GOLANG_MESSAGE = 'A test message event from golang.';

export const cases: ZulipCase[] = [
  {
    test: 'test_event_for_exception_golang',
    fixture: 'event_for_exception_golang.json',
    expect: [
      {
        topic: '*url.Error: Get "bad_url": unsupported protocol scheme ""',
        content: exception(
          '*url.Error: Get "bad_url": unsupported protocol scheme ""',
          `${ORG}/1637164584/events/80777a9cc30e4d0eb8904333d5c298b0/`,
          'error',
          '2020-04-29T11:23:45+00:00',
          'trigger-exception.go',
          [
            'go',
            [
              '         // Set the timeout to the maximum duration the program can afford to wait.',
              '         defer sentry.Flush(2 * time.Second)',
              '',
              '         resp, err := http.Get(os.Args[1])',
              '         if err != nil {',
              '--->         sentry.CaptureException(err)',
              '             log.Printf("reported to Sentry: %s", err)',
              '             return',
              '         }',
              '         defer resp.Body.Close()',
              '',
              '',
            ],
          ],
        ),
      },
    ],
  },
  {
    test: 'test_event_for_exception_node',
    fixture: 'event_for_exception_node.json',
    expect: [
      {
        topic: 'Error: Sample error from node.',
        content: exception(
          'Error: Sample error from node.',
          `${ORG}/1638852747/events/f9cb0f2afff74a5aa92e766fb7ac3fe3/`,
          'error',
          '2020-04-30T06:19:33+00:00',
          '/home/hemanth/Desktop/sentry/trigger-exception.js',
          [
            'javascript',
            [
              "       dsn: 'https://redacted.ingest.sentry.io/5216640',",
              '     });',
              '',
              '     Sentry.withScope(function(scope) {',
              '       scope.addEventProcessor(function(event, hint) {',
              '         return event;',
              '       });',
              "--->   Sentry.captureException(new Error('Sample error from node.'));",
              '     });',
              '',
              '',
              '',
            ],
          ],
        ),
      },
    ],
  },
  {
    test: 'test_event_for_exception_python',
    fixture: 'event_for_exception_python.json',
    expect: [
      {
        topic: 'Exception: Custom exception!',
        content: exception(
          'Exception: Custom exception!',
          `${ORG}/1635244907/events/599349254a1447a99774b5310711c1a8/`,
          'error',
          '2020-04-28T13:56:05+00:00',
          'trigger-exception.py',
          [
            'python3',
            [
              '',
              '',
              '     if __name__ == "__main__":',
              '         sentry_sdk.init(dsn=SECRET_DSN)',
              '         try:',
              '--->         raise Exception("Custom exception!")',
              '         except Exception as e:',
              '             sentry_sdk.capture_exception(e)',
              '',
              '',
            ],
          ],
        ),
      },
    ],
  },
  {
    test: 'test_event_for_exception_rails',
    fixture: 'event_for_exception_rails.json',
    expect: [
      {
        topic: 'ZeroDivisionError: divided by 0',
        content: exception(
          'ZeroDivisionError: divided by 0',
          'https://sentry.io/organizations/nitk-46/issues/4213933362/events/49b528e13e45497ab9adc3173fd2ed34/',
          'error',
          '2023-05-29T10:12:33+00:00',
          'app/controllers/articles_controller.rb',
          [
            'ruby',
            [
              '     class ArticlesController < ApplicationController',
              '',
              '       def index',
              '',
              '         begin',
              '',
              '--->       132312 / 0',
              '',
              '         rescue ZeroDivisionError => exception',
              '',
              '           Sentry.capture_exception(exception)',
              '',
              '         end',
              '',
              '',
            ],
          ],
        ),
      },
    ],
  },
  {
    test: 'test_event_for_exception_vue',
    fixture: 'event_for_exception_vue.json',
    expect: [
      {
        topic: "TypeError: Cannot read properties of null (reading 'inser...",
        content: exception(
          "TypeError: Cannot read properties of null (reading 'insertBefore')",
          'https://sentry.io/organizations/nitk-46/issues/4214010673/events/292f78454e774e62999506f759ad791d/',
          'error',
          '2023-05-29T11:08:30+00:00',
          '/node_modules/.vite/deps/chunk-G4DFXOZZ.js',
        ),
      },
    ],
  },
  {
    test: 'test_webhook_event_for_exception_python',
    fixture: 'webhook_event_for_exception_python.json',
    expect: [
      {
        topic: 'ValueError: new sentry error.',
        content: exception(
          'ValueError: new sentry error.',
          'https://sentry.io/organizations/bar-foundation/issues/1972208801/events/c916dccfd58e41dcabaebef0091f0736/',
          'error',
          '2020-10-21T23:25:11+00:00',
          'trigger-exception.py',
          [
            'python3',
            [
              '',
              '',
              '     if __name__ == "__main__":',
              '         sentry_sdk.init(dsn=DSN_SECRET)',
              '         try:',
              '--->         raise ValueError("new sentry error.")',
              '         except Exception as e:',
              '             sentry_sdk.capture_exception(e)',
              '',
            ],
          ],
        ),
      },
    ],
  },
  {
    test: 'test_webhook_event_for_exception_javascript',
    fixture: 'webhook_event_for_exception_javascript.json',
    expect: [
      {
        topic: 'TypeError: can\'t access property "bar", x.foo is undefined',
        content: exception(
          'TypeError: can\'t access property "bar", x.foo is undefined',
          'https://sentry.io/organizations/foo-bar-org/issues/1982047746/events/f3bf5fc4e354451db9e885a69b2a2b51/',
          'error',
          '2020-10-26T16:39:54+00:00',
          'None',
        ),
      },
    ],
  },
  {
    test: 'test_event_for_exception_js',
    fixture: 'event_for_exception_js.json',
    expect: [
      {
        topic: 'Error: Something external broke.',
        content: exception(
          'Error: Something external broke.',
          `${ORG}/1731239773/events/355c3b2a142046629dd410db2fdda003/`,
          'error',
          '2020-06-17T14:42:54+00:00',
          '/mnt/data/Documents/Stuff%20for%20Zulip/Repos/sentry/js/external.js',
        ),
      },
    ],
  },
  {
    test: 'test_event_for_message_golang',
    fixture: 'event_for_message_golang.json',
    expect: [
      {
        topic: GOLANG_MESSAGE,
        content: messageEvent(
          GOLANG_MESSAGE,
          `${ORG}/1638844654/events/01ecb45633bc4f5ca940ada671124c8f/`,
          'info',
          '2020-04-30T06:14:13+00:00',
        ),
      },
    ],
  },
  {
    test: 'test_event_for_message_node',
    fixture: 'event_for_message_node.json',
    expect: [
      {
        topic: 'Test event from node.',
        content: messageEvent(
          'Test event from node.',
          `${ORG}/1638840427/events/6886bb1fe7ce4497b7836f6083d5fd34/`,
          'info',
          '2020-04-30T06:09:56+00:00',
        ),
      },
    ],
  },
  {
    test: 'test_event_for_message_python',
    fixture: 'event_for_message_python.json',
    expect: [
      {
        topic: 'A simple message-based issue.',
        content: messageEvent(
          'A simple message-based issue.',
          `${ORG}/1635261062/events/8da63b42375e4d3b803c377fefb062f8/`,
          'info',
          '2020-04-28T14:05:04+00:00',
        ),
      },
    ],
  },
  {
    test: 'test_issue_assigned_to_individual',
    fixture: 'issue_assigned_to_individual.json',
    expect: [
      {
        topic: GOLANG_MESSAGE,
        content: `Issue **${GOLANG_MESSAGE}** has now been assigned to **Hemanth V. Alluri** by **Hemanth V. Alluri**.`,
      },
    ],
  },
  {
    test: 'test_issue_assigned_to_team',
    fixture: 'issue_assigned_to_team.json',
    expect: [
      {
        topic: INVALID_STATE,
        content: `Issue **${INVALID_STATE}** has now been assigned to **team lone-wolf** by **Hemanth V. Alluri**.`,
      },
    ],
  },
  {
    test: 'test_issue_created_for_exception',
    fixture: 'issue_created_for_exception.json',
    expect: [
      {
        topic: 'Exception: Custom exception!',
        content:
          '**New issue created:** Exception: Custom exception!\n' +
          details([
            ['level', 'error'],
            ['timestamp', '<time:2020-04-28T13:56:05+00:00>'],
            ['assignee', 'No one'],
          ]),
      },
    ],
  },
  {
    test: 'test_issue_created_for_message',
    fixture: 'issue_created_for_message.json',
    expect: [
      {
        topic: 'A simple message-based issue.',
        content:
          '**New issue created:** A simple message-based issue.\n' +
          details([
            ['level', 'info'],
            ['timestamp', '<time:2020-04-28T14:05:04+00:00>'],
            ['assignee', 'No one'],
          ]),
      },
    ],
  },
  {
    test: 'test_issue_ignored',
    fixture: 'issue_ignored.json',
    expect: [{ topic: INVALID_STATE, content: `Issue **${INVALID_STATE}** was ignored by **Hemanth V. Alluri**.` }],
  },
  {
    test: 'test_issue_resolved',
    fixture: 'issue_resolved.json',
    expect: [{ topic: INVALID_STATE, content: `Issue **${INVALID_STATE}** was marked as resolved by **Hemanth V. Alluri**.` }],
  },
  {
    test: 'test_deprecated_exception_message',
    fixture: 'deprecated_exception_message.json',
    expect: [
      {
        topic: 'zulip',
        content:
          'New [issue](https://sentry.io/zulip/zulip/issues/156699934/) (level: ERROR):\n\n``` quote\nThis is an example python exception\n```',
      },
    ],
  },
  {
    test: 'test_sample_event_through_alert',
    fixture: 'sample_event_through_alert.json',
    expect: [
      {
        topic: 'This is an example Python exception',
        content: messageEvent(
          'This is an example Python exception',
          'https://sentry.io/organizations/nitk-46/issues/4218258981/events/b6eff1a49b1f4132850b1238d968da70/',
          'error',
          '2023-05-31T11:06:16+00:00',
        ),
      },
    ],
  },
  {
    test: 'test_sample_event_through_plugin',
    fixture: 'sample_event_through_plugin.json',
    expect: [
      {
        topic: 'This is an example Python exception',
        content: messageEvent(
          'This is an example Python exception',
          'https://nitk-46.sentry.io/issues/4218258981/events/4dc4fc2858aa450eb658be9e5b8ad149/',
          'error',
          '2023-07-09T20:41:24+00:00',
        ),
      },
    ],
  },
  {
    test: 'test_raven_sdk_python_event',
    fixture: 'raven_sdk_python_event.json',
    expect: { status: 200, msg: "The 'Raven SDK' event isn't currently supported by the Sentry webhook; ignoring" },
  },
];

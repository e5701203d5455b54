/**
 * zerver/webhooks/slack_incoming/tests.py (see ../NOTICE). Without a channel Zulip posts to the
 * empty topic (its "(no topic)" is renamed on send). test_message_formatting posts five payloads
 * built in the test; they are fixtures here (message_formatting_<n>.json), and
 * test_message_without_payload's empty multipart body is no_payload.txt.
 */
import type { ZulipCase } from '../case';

const REVIEW =
  '[Overlook Hotel](https://example.com) \n :star: \n Doors had too many axe holes, guest in room 237 was far too rowdy, whole place felt stuck in the 1920s.\n\n' +
  '[Haunted hotel image](https://is5-ssl.mzstatic.com/image/thumb/Purple3/v4/d3/72/5c/d3725c8f-c642-5d69-1904-aa36e4297885/source/256x256bb.jpg)\n\n' +
  '**Average Rating**\n1.0';

function alert(port: string): string {
  return (
    '**Alert:** api-server down - `critical`\n' +
    `**Description:** api-server at 1.2.3.4:${port} couldn't be scraped **Details:**\n` +
    '   • **alertname:** `InstanceDown`\n' +
    '   • **env:** `prod`\n' +
    `   • **instance:** \`1.2.3.4:${port}\`\n` +
    '   • **job:** `api-server`\n' +
    '   • **severity:** `critical`'
  );
}

const IMAGE = '[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)';
const TIME = '<time:2022-06-23T00:48:26+00:00>';
const TITLE = '## [Sample title.](https://www.google.com)';

const FORMATTING: [string, string][] = [
  ['some *foo* word', 'some **foo** word'],
  ['*foo*', '**foo**'],
  ['*foo* *bar*', '**foo** **bar**'],
  ['*foo*a*bar*', '*foo*a*bar*'],
  ['some _foo_ word', 'some *foo* word'],
];

export const cases: ZulipCase[] = [
  { test: 'test_message', fixture: 'text.json', expect: [{ topic: '', content: 'Hello, world.' }] },
  ...FORMATTING.map(([, output], i): ZulipCase => ({
    test: 'test_message_formatting',
    fixture: `message_formatting_${i + 1}.json`,
    expect: [{ topic: '', content: output }],
  })),
  { test: 'test_null_message', fixture: 'null_text.json', expect: [] },
  {
    test: 'test_message_as_www_urlencoded',
    fixture: 'urlencoded_text.txt',
    contentType: 'application/x-www-form-urlencoded',
    expect: [{ topic: 'devops', content: ':zap: chris has started deploying project tag v0.0.2rc10 to staging' }],
  },
  {
    // Zulip answers {"ok": false, "error": ...} (Slack's envelope); ours carries those and `msg`.
    test: 'test_message_without_payload',
    fixture: 'no_payload.txt',
    contentType: 'multipart/form-data; boundary=BoUnDaRyStRiNg',
    expect: { status: 400, msg: "Missing 'payload' argument" },
  },
  {
    test: 'test_message_with_actions',
    fixture: 'actions.json',
    expect: [
      {
        topic: 'C1H9RESGL',
        content: `Danny Torrence left the following *review* for your property:\n\n${REVIEW.replace('https://example.com', 'https://google.com')}`,
      },
    ],
  },
  {
    test: 'test_message_with_blocks',
    fixture: 'blocks.json',
    expect: [{ topic: '', content: `Danny Torrence left the following review for your property:\n\n${REVIEW}` }],
  },
  {
    test: 'test_message_with_attachment',
    fixture: 'attachment.json',
    expect: [
      {
        topic: 'prometheus-alerts',
        content:
          '## [[FIRING:2] InstanceDown for api-server (env="prod", severity="critical")](https://alertmanager.local//#/alerts?receiver=default)\n\n' +
          ':chart_with_upwards_trend: **[Graph](http://generator.local/1)**   :notebook: **[Runbook](https://runbook.local/1)**\n\n' +
          `**Alert details**:\n${alert('8080')}\n\n${alert('8081')}`,
      },
    ],
  },
  {
    test: 'test_complicated',
    fixture: 'complicated.json',
    expect: [
      {
        topic: '',
        content:
          '## Hello from TaskBot\n\n' +
          "Hey there 👋 I'm TaskBot. I'm here to help you create and manage tasks in Slack.\n" +
          'There are two ways to quickly create tasks:\n\n' +
          "**1️⃣ Use the `/task` command**. Type `/task` followed by a short description of your tasks and I'll ask for a due date (if applicable). Try it out by using the `/task` command in this channel.\n\n" +
          "**2️⃣ Use the *Create a Task* action.** If you want to create a task from a message, select `Create a Task` in a message's context menu. Try it out by selecting the *Create a Task* action for this message (shown below).\n\n" +
          '[image1](https://api.slack.com/img/blocks/bkb_template_images/onboardingComplex.jpg)\n\n' +
          "➕ To start tracking your team's tasks, **add me to a channel** and I'll introduce myself. I'm usually added to a team or project channel. Type `/invite @TaskBot` from the channel or pick a channel on the right.\n\n" +
          '----\n\n' +
          '[cute cat](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)\n\n' +
          '👀 View all tasks with `/task list`\n\n' +
          '❓Get help at any time with:\n' +
          '- `/task help`, or\n' +
          '- type **help** in a DM with me',
      },
    ],
  },
  {
    test: 'test_attachment_blocks',
    fixture: 'attachment_blocks.json',
    expect: [
      {
        topic: '',
        content:
          'This is a section block with an accessory image.\n\n' +
          '[cute cat](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)\n\n' +
          'This is a section block with a button.\n\n' +
          '| | |\n|-|-|\n| one | two |\n| three | four |\n| five |  |',
      },
    ],
  },
  {
    test: 'test_attachment_fields',
    fixture: 'attachment_fields.json',
    expect: [
      {
        topic: '',
        content:
          'Build bla bla succeeded\n\n' +
          '**Requested by**: Some user\n**Duration**: 00:02:03\n**Build pipeline**: ConsumerAddressModule\n' +
          '**Title with null value**\n**Title without value**\nValue with null title\nValue without title',
      },
    ],
  },
  { test: 'test_attachment_pieces', fixture: 'attachment_pieces.json', expect: [{ topic: '', content: `## Test\n\n${IMAGE}\n\n${TIME}` }] },
  {
    test: 'test_attachment_pieces_title_null',
    fixture: 'attachment_pieces_title_null.json',
    expect: [{ topic: '', content: `Sample pretext.\n\nSample text.\n\n${IMAGE}\n\nSample footer.\n\n${TIME}` }],
  },
  {
    test: 'test_attachment_pieces_image_url_null',
    fixture: 'attachment_pieces_image_url_null.json',
    expect: [{ topic: '', content: `${TITLE}\n\nSample pretext.\n\nSample text.\n\nSample footer.\n\n${TIME}` }],
  },
  {
    test: 'test_attachment_pieces_ts_null',
    fixture: 'attachment_pieces_ts_null.json',
    expect: [{ topic: '', content: `${TITLE}\n\nSample pretext.\n\nSample text.\n\n${IMAGE}\n\nSample footer.` }],
  },
  {
    test: 'test_attachment_pieces_text_null',
    fixture: 'attachment_pieces_text_null.json',
    expect: [{ topic: '', content: `${TITLE}\n\nSample pretext.\n\n${IMAGE}\n\nSample footer.\n\n${TIME}` }],
  },
  {
    test: 'test_attachment_pieces_pretext_null',
    fixture: 'attachment_pieces_pretext_null.json',
    expect: [{ topic: '', content: `${TITLE}\n\nSample text.\n\n${IMAGE}\n\nSample footer.\n\n${TIME}` }],
  },
  {
    test: 'test_attachment_pieces_footer_null',
    fixture: 'attachment_pieces_footer_null.json',
    expect: [{ topic: '', content: `${TITLE}\n\nSample pretext.\n\nSample text.\n\n${IMAGE}\n\n${TIME}` }],
  },
  {
    test: 'test_attachment_pieces_title_link_null',
    fixture: 'attachment_pieces_title_link_null.json',
    expect: [{ topic: '', content: `## Sample title.\n\nSample pretext.\n\nSample text.\n\n${IMAGE}\n\nSample footer.\n\n${TIME}` }],
  },
  { test: 'test_attachment_pieces_all_null', fixture: 'attachment_pieces_all_null.json', expect: [] },
];

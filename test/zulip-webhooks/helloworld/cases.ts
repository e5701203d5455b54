/** zerver/webhooks/helloworld/tests.py (see ../NOTICE). Zulip's tests post these fixtures form-encoded. */
import type { ZulipCase } from '../case';

const ARTICLE = 'Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is ';
const GOODBYE = `${ARTICLE}**[Goodbye](https://en.wikipedia.org/wiki/Goodbye)**`;
const FORM = 'application/x-www-form-urlencoded';

export const cases: ZulipCase[] = [
  {
    test: 'test_hello_message',
    fixture: 'hello.json',
    contentType: FORM,
    expect: [{ topic: 'Hello World', content: `${ARTICLE}**[Marilyn Monroe](https://en.wikipedia.org/wiki/Marilyn_Monroe)**` }],
  },
  { test: 'test_goodbye_message', fixture: 'goodbye.json', contentType: FORM, expect: [{ topic: 'Hello World', content: GOODBYE }] },
  // Without a stream the message goes privately to the bot's owner (a direct message has no topic).
  { test: 'test_pm_to_bot_owner', fixture: 'goodbye.json', contentType: FORM, private: true, expect: [{ topic: '', content: GOODBYE }] },
  // The bot posts nothing; Notification Bot tells its owner (services/webhook/test/helloworld.test.ts reads that).
  { test: 'test_stream_error_pm_to_bot_owner', fixture: 'goodbye.json', contentType: FORM, query: { stream: 'nonexistent' }, expect: [] },
  {
    test: 'test_custom_topic',
    fixture: 'goodbye.json',
    contentType: FORM,
    query: { topic: 'Custom Topic' },
    expect: [{ topic: 'Custom Topic', content: GOODBYE }],
  },
];

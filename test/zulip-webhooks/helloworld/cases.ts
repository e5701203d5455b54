/** zerver/webhooks/helloworld/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

const ARTICLE = 'Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is ';

export const cases: ZulipCase[] = [
  {
    test: 'test_hello_message',
    fixture: 'hello.json',
    expect: [{ topic: 'Hello World', content: `${ARTICLE}**[Marilyn Monroe](https://en.wikipedia.org/wiki/Marilyn_Monroe)**` }],
  },
  {
    test: 'test_goodbye_message',
    fixture: 'goodbye.json',
    expect: [{ topic: 'Hello World', content: `${ARTICLE}**[Goodbye](https://en.wikipedia.org/wiki/Goodbye)**` }],
  },
];

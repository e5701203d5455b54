/** zerver/webhooks/buildbot/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_build_started',
    fixture: 'started.json',
    expect: [{ topic: 'buildbot-hello', content: 'Build [#33](http://exampleurl.com/#builders/1/builds/33) for **runtests** started.' }],
  },
  {
    test: 'test_build_success',
    fixture: 'finished_success.json',
    expect: [
      {
        topic: 'buildbot-hello',
        content: 'Build [#33](http://exampleurl.com/#builders/1/builds/33) (result: success) for **runtests** finished.',
      },
    ],
  },
  {
    // The project is empty: Zulip's topic is then "general".
    test: 'test_build_failure',
    fixture: 'finished_failure.json',
    expect: [
      {
        topic: 'general',
        content: 'Build [#34](http://exampleurl.com/#builders/1/builds/34) (result: failure) for **runtests** finished.',
      },
    ],
  },
  {
    test: 'test_build_cancelled',
    fixture: 'finished_cancelled.json',
    expect: [
      {
        topic: 'zulip/zulip-zapier',
        content:
          'Build [#10434](https://ci.example.org/#builders/79/builds/307) (result: cancelled) for **AMD64 Ubuntu 18.04 Python 3** finished.',
      },
    ],
  },
];

/**
 * zerver/webhooks/travis/tests.py (see ../NOTICE). Zulip's test posts each fixture as the form
 * field `payload` (its get_body); <name>.txt is that body, urlencode({"payload": <name>.json}).
 * A test that posts twice is two cases. test_travis_include_glob_events passes
 * `include_events`, which no code reads: both fixtures are posted. test_travis_noop checks the
 * test helper itself (that expect_noop fails when a message is sent); its post is the first case.
 */
import type { ZulipCase } from '../case';

const FORM = 'application/x-www-form-urlencoded';
const MESSAGE = `Author: josh_mandel
Build status: Passed :thumbs_up:
Details: [changes](https://github.com/hl7-fhir/fhir-svn/compare/6dccb98bcfd9...6c457d366a31), [build log](https://travis-ci.org/hl7-fhir/fhir-svn/builds/92495257)`;
const SENT = [{ topic: 'builds', content: MESSAGE }];

function post(test: string, fixture: 'build' | 'pull_request', expect: ZulipCase['expect'], query?: Record<string, string>): ZulipCase {
  return { test, fixture: `${fixture}.txt`, contentType: FORM, ...(query ? { query } : {}), expect };
}

const only = (events: string) => ({ only_events: events });
const exclude = (events: string) => ({ exclude_events: events });

export const cases: ZulipCase[] = [
  post('test_travis_message', 'build', SENT),
  post('test_travis_only_pull_request_event', 'pull_request', SENT, only('["pull_request"]')),
  post('test_travis_only_pull_request_event', 'build', [], only('["pull_request"]')),
  post('test_travis_exclude_pull_request_event', 'pull_request', [], exclude('["pull_request"]')),
  post('test_travis_exclude_pull_request_event', 'build', SENT, exclude('["pull_request"]')),
  post('test_travis_only_push_event', 'build', SENT, only('["push"]')),
  post('test_travis_only_push_event', 'pull_request', [], only('["push"]')),
  post('test_travis_exclude_push_event', 'build', [], exclude('["push"]')),
  post('test_travis_exclude_push_event', 'pull_request', SENT, exclude('["push"]')),
  post('test_travis_include_glob_events', 'pull_request', SENT, { include_events: '["*"]' }),
  post('test_travis_include_glob_events', 'build', SENT, { include_events: '["*"]' }),
  post('test_travis_exclude_glob_events', 'pull_request', [], exclude('["*"]')),
  post('test_travis_exclude_glob_events', 'build', [], exclude('["*"]')),
  post('test_travis_noop', 'build', SENT),
];

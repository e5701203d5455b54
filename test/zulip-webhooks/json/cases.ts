/**
 * zerver/webhooks/json/tests.py (see ../NOTICE). Zulip's tests build the expected message from the
 * fixture with Python's json.dumps(indent=2); for these fixtures (ASCII text, no integer-like keys,
 * floats JavaScript prints as Python does) JSON.stringify writes the same text, checked against
 * Python when they were copied. Zulip's fixtures are links to other integrations' payloads
 * (github/fixtures/push__1_commit.json, pingdom/fixtures/http_up_to_down.json,
 * sentry/fixtures/event_for_exception_js.json); here they are copies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZulipCase } from '../case';

function asPosted(fixture: string): string {
  const payload: unknown = JSON.parse(readFileSync(join(__dirname, 'fixtures', fixture), 'utf8'));
  return `\`\`\`json\n${JSON.stringify(payload, null, 2)}\n\`\`\``;
}

export const cases: ZulipCase[] = [
  {
    test: 'test_json_github_push__1_commit_message',
    fixture: 'json_github_push__1_commit.json',
    expect: [{ topic: 'JSON', content: asPosted('json_github_push__1_commit.json') }],
  },
  {
    test: 'test_json_pingdom_http_up_to_down_message',
    fixture: 'json_pingdom_http_up_to_down.json',
    expect: [{ topic: 'JSON', content: asPosted('json_pingdom_http_up_to_down.json') }],
  },
  {
    test: 'test_json_sentry_event_for_exception_js_message',
    fixture: 'json_sentry_event_for_exception_js.json',
    expect: [{ topic: 'JSON', content: asPosted('json_sentry_event_for_exception_js.json') }],
  },
];

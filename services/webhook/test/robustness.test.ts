/**
 * Bad input is always answered with one of Zulip's JSON errors, never a 500: every integration
 * gets every fixture of every other integration, and degenerate bodies, under each event header.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { INTEGRATIONS } from '../src/app';
import { fixture, webhookHarness, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

const dir = join(__dirname, 'fixtures');
const fixtures = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(dir, d.name)).map((file) => fixture(d.name, file)));
const degenerate = ['', '{}', '[]', 'null', '"x"', '{"alerts":[null,1,{"status":"firing","labels":null}]}', '{"commits":[null],"ref":5}'];
const headers: Record<string, string>[] = [
  {},
  { 'X-GitHub-Event': 'push' },
  { 'X-GitHub-Event': 'pull_request' },
  { 'X-GitHub-Event': 'issues' },
  { 'X-GitHub-Event': 'issue_comment' },
  { 'X-Gitlab-Event': 'Push Hook' },
  { 'X-Gitlab-Event': 'Merge Request Hook' },
  { 'X-Gitlab-Event': 'Issue Hook' },
  { 'X-Gitlab-Event': 'Note Hook' },
  { 'Sentry-Hook-Resource': 'issue' },
  { 'Sentry-Hook-Resource': 'event_alert' },
];

describe('webhook robustness', () => {
  it.each(INTEGRATIONS.map((i) => i.name))(
    '%s never answers 500',
    async (name) => {
      for (const body of [...fixtures, ...degenerate]) {
        for (const extra of headers) {
          const res = await h.post(`/external/${name}?stream=Denmark`, body, 'application/json', extra);
          if (res.status >= 500) throw new Error(`${name} ${JSON.stringify(extra)} ${body.slice(0, 80)}: ${res.status} ${res.text}`);
          expect([200, 400]).toContain(res.status);
        }
      }
    },
    60_000,
  );
});

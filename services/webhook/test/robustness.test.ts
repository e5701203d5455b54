/**
 * Bad input is always answered with one of Zulip's JSON errors, never a 500: every integration
 * gets other integrations' payloads with the headers they came with, and degenerate bodies under
 * every integration's event header.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { INTEGRATIONS } from '../src/app';
import { fixture, webhookHarness, ZULIP_CASES, type WebhookHarness } from './helpers';

let h: WebhookHarness;
beforeAll(async () => {
  h = await webhookHarness();
});
afterAll(() => h.close());

interface Sample {
  body: string;
  headers: Record<string, string>;
}

/** A few of each integration's Zulip cases: their payloads with the headers they were sent with. */
const PER_INTEGRATION = 4;
const samples: Sample[] = readdirSync(ZULIP_CASES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { cases } = require(join(ZULIP_CASES, d.name, 'cases')) as { cases: { fixture?: string; headers?: Record<string, string> }[] };
    return cases
      .filter((c) => c.fixture !== undefined)
      .slice(0, PER_INTEGRATION)
      .map((c) => ({ body: fixture(d.name, c.fixture!), headers: c.headers ?? {} }));
  });
const degenerate = ['', '{}', '[]', 'null', '"x"', '{"alerts":[null,1,{"status":"firing","labels":null}]}', '{"commits":[null],"ref":5}'];
/** Each event header the samples carry, with each value they give it, and none at all. */
const headers: Record<string, string>[] = [
  {},
  ...new Map(samples.flatMap((s) => Object.entries(s.headers)).map(([k, v]) => [`${k}:${v}`, { [k]: v }])).values(),
];
const bodies: Sample[] = [...samples, ...degenerate.flatMap((body) => headers.map((h) => ({ body, headers: h })))];

describe('webhook robustness', () => {
  it.each(INTEGRATIONS.map((i) => i.name))(
    '%s never answers 500',
    async (name) => {
      for (const { body, headers: extra } of bodies) {
        const res = await h.post(`/external/${name}?stream=Denmark`, body, 'application/json', extra);
        if (res.status >= 500) throw new Error(`${name} ${JSON.stringify(extra)} ${body.slice(0, 80)}: ${res.status} ${res.text}`);
        expect([200, 400, 401]).toContain(res.status);
      }
    },
    60_000,
  );
});

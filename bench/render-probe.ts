/**
 * Markdown whose cost grows faster than its length, against the embedded server
 * (`npm run bench:render`). Before the render pool, 150 KB of `http://` held the whole process for
 * 17.9 s, and 40 KB of `>` lines or of `> > ` lines likewise. For each probe input, and a normal
 * message as the baseline, BENCH_RENDER_RUNS times:
 *   - POST /messages/render of it, timed to its answer (the server caps the content at 10000
 *     bytes, as a message's, and renders it in its render pool under RENDER_DEADLINE_MS);
 *   - a normal send by another user, issued right after it, timed to its answer;
 *   - GET /server_settings polled back to back meanwhile: the slowest answer is how long the
 *     server's event loop was held.
 * For comparison, each input is also rendered whole on this process's own thread, as the server
 * used to (BENCH_RENDER_UNCAPPED=0 skips it: it takes about half a minute).
 *
 * The realm also has the probe's catastrophic linkifier, `#(?P<id>(a+)+b)`, and one input is `#`
 * and 40 `a`: on a backtracking regex engine each further `a` doubled the time (6 s at 30), so the
 * old server would never have answered it; on RE2 it is one more message.
 */
import { renderMarkdown } from '@chat/markdown';
import { basicAuth, httpCall } from './lib/http';
import { addStreamWithUsers, type BenchUser } from './lib/population';
import { runScenario } from './lib/run';
import { startTopology } from './lib/topology';
import { writeResult, type Figure } from './report/output';
import { percentile, table } from './stats';

const RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 5);
const UNCAPPED = process.env.BENCH_RENDER_UNCAPPED !== '0';

const PROBES: Record<string, string> = {
  'normal message': 'Hello **world**, see https://example.com/docs and `code`, :smile:\n\n* one\n* two\n\n> quoted',
  '150 KB of http://': 'http://'.repeat(Math.ceil(150_000 / 7)).slice(0, 150_000),
  '40 KB of >\\n lines': '>\n'.repeat(20_000),
  '40 KB of "> > " lines': '> > \n'.repeat(8_000),
  '# and 40 a, catastrophic linkifier': `#${'a'.repeat(40)}`,
};
const LINKIFIER = { pattern: '#(?P<id>(a+)+b)', url_format_string: 'https://example.com/%(id)s' };

interface Run {
  renderMs: number;
  renderStatus: number;
  sendMs: number;
  sendStatus: number;
  /** Answer times of GET /server_settings issued while the render was in flight. */
  polls: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function probeOnce(url: string, renderer: BenchUser, sender: BenchUser, content: string): Promise<Run> {
  const polls: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const issued = performance.now();
      await httpCall(url, 'GET', '/api/v1/server_settings', {});
      if (polling) polls.push(performance.now() - issued);
    }
  })();
  await sleep(20);
  const issued = performance.now();
  const timed = async (call: Promise<{ status: number }>) => {
    const answer = await call;
    return { ms: performance.now() - issued, status: answer.status };
  };
  const [render, send] = await Promise.all([
    timed(httpCall(url, 'POST', '/api/v1/messages/render', basicAuth(renderer.email, renderer.apiKey), { content })),
    timed(
      httpCall(url, 'POST', '/api/v1/messages', basicAuth(sender.email, sender.apiKey), {
        type: 'stream',
        to: 'probe',
        topic: 'meanwhile',
        content: 'a normal message',
      }),
    ),
  ]);
  polling = false;
  await poller;
  return { renderMs: render.ms, renderStatus: render.status, sendMs: send.ms, sendStatus: send.status, polls };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  let users: BenchUser[] = [];
  const topology = await startTopology('embedded', async (db) => {
    users = await addStreamWithUsers(db.knex, 'probe', 'probe', 2);
    const realm = (await db.knex('realms').where({ string_id: 'zulip' }).first('id')) as { id: number };
    await db.knex('realm_filters').insert({ realm_id: realm.id, ...LINKIFIER });
  });
  const rows: Record<string, string | number>[] = [];
  const figures: Figure[] = [];
  try {
    for (const [name, content] of Object.entries(PROBES)) {
      const runs: Run[] = [];
      // One run first to warm the server's paths; not counted.
      await probeOnce(topology.url, users[0]!, users[1]!, content);
      for (let i = 0; i < RUNS; i++) runs.push(await probeOnce(topology.url, users[0]!, users[1]!, content));
      const polls = runs.flatMap((r) => r.polls);
      const row = {
        input: name,
        'render answer ms (median)': round(median(runs.map((r) => r.renderMs))),
        'render status': [...new Set(runs.map((r) => r.renderStatus))].join('/'),
        'concurrent send ms (median)': round(median(runs.map((r) => r.sendMs))),
        'concurrent send max ms': round(Math.max(...runs.map((r) => r.sendMs))),
        'send status': [...new Set(runs.map((r) => r.sendStatus))].join('/'),
        'server_settings polls': polls.length,
        'server_settings p50 ms': round(median(polls)),
        'server_settings max ms (event loop held)': round(Math.max(...polls)),
      };
      rows.push(row);
      console.log(
        `${name}: render ${row['render answer ms (median)']} ms (${row['render status']}), send ${row['concurrent send ms (median)']} ms, polls max ${row['server_settings max ms (event loop held)']} ms`,
      );
      figures.push({
        row: `render-probe ${name}: event loop held`,
        topology: 'embedded',
        value: row['server_settings max ms (event loop held)'],
        unit: 'ms',
      });
    }
  } finally {
    await topology.stop();
  }
  console.log(
    `\nPOST /messages/render of each input, ${RUNS} runs, embedded server (defaults: RENDER_DEADLINE_MS 5000, RENDER_THREADS 3)\n`,
  );
  console.log(table(rows));

  const uncapped: Record<string, string | number>[] = [];
  if (UNCAPPED) {
    renderMarkdown('warm up **the** engine');
    // The linkifier input is left out: this process renders with RE2 too, and the backtracking
    // engine the server used before would not finish it.
    for (const [name, content] of Object.entries(PROBES).filter(([, text]) => !text.startsWith('#'))) {
      const started = performance.now();
      renderMarkdown(content);
      uncapped.push({ input: name, bytes: Buffer.byteLength(content), 'render on one thread ms': round(performance.now() - started) });
    }
    console.log('\nThe whole input rendered on one thread, as the server rendered before (its event loop held as long)\n');
    console.log(table(uncapped));
  }
  writeResult('render-probe', { rows, uncapped }, figures, {});
}

runScenario(main);

/**
 * The web client in Chromium (`npm run bench:web`), on a realm of BENCH_MESSAGES (default
 * 100,000) messages loaded by the fast generator before the server starts, in each topology (the
 * distributed one behind the local ingress, as a browser meets it):
 * - bundle: the JavaScript the page loaded before its first message list, gzip-compressed
 *   (what a compressing proxy sends; target 100 KB);
 * - login: from the click on a development-login user to the first message drawn, a fresh
 *   browser context each round (target 500 ms);
 * - draw: a message typed and sent in one browser, drawn in another, one every BENCH_DRAW_GAP_MS
 *   (250 ms) (target p99 100 ms);
 * - scroll: scrolling back through BENCH_SCROLL (2,000) messages of a stream, the longest task
 *   the main thread ran meanwhile (PerformanceObserver 'longtask'; target none over 50 ms).
 * Figures in docs/performance.md ("The web client").
 */
import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { freePort, launchChromium } from '@chat/testing';
import { startIngress } from '../deploy/local/ingress';
import { loadMessages } from './lib/generator';
import { startTopology, TOPOLOGIES, type TopologyName } from './lib/topology';
import { writeResult } from './report/output';
import { summarize, table, type LatencySummary } from './stats';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const LOGIN_ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS ?? 10);
const DRAW_ROUNDS = Number(process.env.BENCH_DRAW_ROUNDS ?? 100);
const SCROLL_MESSAGES = Number(process.env.BENCH_SCROLL ?? 2000);
/** Between two sends: a brisk conversation, not a flood (both browsers and the server share two cores). */
const DRAW_GAP_MS = Number(process.env.BENCH_DRAW_GAP_MS ?? 250);

const LIST = '[role="log"][aria-label="Messages"]';
const MESSAGE = `${LIST} article[data-message-id]`;

interface Measured {
  topology: TopologyName;
  bundleGzipBytes: number;
  bundleFiles: number;
  login: LatencySummary;
  draw: LatencySummary;
  scrolledMessages: number;
  longestTaskMs: number;
  longTasksOver50: number;
}

/** Logs in and waits for the list (`withMessages`: for its first message). */
async function devLogin(page: Page, url: string, email: string, hash = '', withMessages = true): Promise<void> {
  await page.goto(`${url}/${hash}`);
  await page.getByRole('button', { name: email, exact: true }).click();
  await page
    .locator(withMessages ? MESSAGE : LIST)
    .first()
    .waitFor({ timeout: 30_000 });
}

/** The scripts fetched until the first message list was drawn, and their gzip size. */
async function bundleAndLogin(browser: Browser, url: string): Promise<{ bytes: number; files: number; login: LatencySummary }> {
  const samples: number[] = [];
  let bytes = 0;
  let files = 0;
  for (let round = 0; round < LOGIN_ROUNDS; round++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body());
    });
    await page.goto(url);
    const button = page.getByRole('button', { name: 'hamlet@zulip.com', exact: true });
    await button.waitFor();
    const started = performance.now();
    await button.click();
    await page.locator(MESSAGE).first().waitFor({ timeout: 30_000 });
    samples.push(performance.now() - started);
    if (round === 0) {
      const bodies = await Promise.all(scripts);
      files = bodies.length;
      bytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    }
    await context.close();
  }
  return { bytes, files, login: summarize(samples) };
}

/**
 * hamlet types and sends in one browser; othello's page notes when each message is drawn. Both
 * pages stamp with Date.now() on this machine: from the Enter key in one to the drawing in the other.
 */
async function sendToDraw(browser: Browser, url: string): Promise<LatencySummary> {
  const hash = '#narrow/stream/Denmark/topic/web.20bench';
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [sender, reader] = await Promise.all(contexts.map((c) => c.newPage()));
  // A new topic: its list starts empty.
  await devLogin(sender!, url, 'hamlet@zulip.com', hash, false);
  await devLogin(reader!, url, 'othello@zulip.com', hash, false);
  // Wall-clock time each marker appears in othello's list (same machine, same clock as ours).
  // In-page code is given as text: this file is compiled without the DOM's types.
  await reader!.evaluate(`(() => {
    const seen = (window.__drawn = {});
    new MutationObserver(() => {
      for (const el of document.querySelectorAll(${JSON.stringify(MESSAGE)})) {
        const marker = /webbench-\\d+/.exec(el.textContent || '')?.[0];
        if (marker && !(marker in seen)) seen[marker] = Date.now();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  // The moment the key reaches the sender's page (playwright's own checks before it dispatches a
  // key take tens of milliseconds, which are not the app's).
  await sender!.evaluate(`document.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.__sentAt = Date.now(); }, true)`);
  await sender!.keyboard.press('c');
  const box = sender!.getByLabel('Message', { exact: true });
  await box.waitFor();
  const samples: number[] = [];
  for (let i = 0; i < DRAW_ROUNDS; i++) {
    const marker = `webbench-${i}`;
    await box.fill(`draw ${marker}`);
    await box.press('Enter');
    // A function, not text: the page's CSP forbids the eval a text predicate would need.
    await reader!.waitForFunction((m) => m in (globalThis as unknown as { __drawn: Record<string, number> }).__drawn, marker, {
      timeout: 10_000,
    });
    const drawn = (await reader!.evaluate(`window.__drawn[${JSON.stringify(marker)}]`)) as number;
    samples.push(drawn - ((await sender!.evaluate('window.__sentAt')) as number));
    await sender!.waitForTimeout(DRAW_GAP_MS);
  }
  for (const c of contexts) await c.close();
  return summarize(samples);
}

/** Scrolls a stream's list to the top until SCROLL_MESSAGES were loaded; the longest task meanwhile. */
async function scrollBack(browser: Browser, url: string): Promise<{ loaded: number; longest: number; over50: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let loaded = 0;
  page.on('response', (res) => {
    if (res.url().includes('/json/messages?') && res.request().method() === 'GET') {
      res
        .json()
        .then((b: { messages?: unknown[] }) => (loaded += b.messages?.length ?? 0))
        .catch(() => undefined);
    }
  });
  await devLogin(page, url, 'hamlet@zulip.com', '#narrow/stream/Denmark');
  await page.evaluate(`(() => {
    const tasks = (window.__tasks = []);
    new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration))).observe({ type: 'longtask' });
  })()`);
  const deadline = Date.now() + 120_000;
  while (loaded < SCROLL_MESSAGES && Date.now() < deadline) {
    await page.locator(LIST).evaluate((el: { scrollTop: number }) => {
      el.scrollTop = 0;
    });
    await page.waitForTimeout(100);
  }
  const tasks = (await page.evaluate('window.__tasks')) as number[];
  await context.close();
  return { loaded, longest: Math.max(0, ...tasks), over50: tasks.filter((t) => t > 50).length };
}

async function measure(name: TopologyName, browser: Browser): Promise<Measured> {
  console.log(`\n${name}: loading ${MESSAGES} messages, starting the server`);
  const topology = await startTopology(name, async (db) => {
    await loadMessages(db, MESSAGES);
  });
  let ingress: Server | undefined;
  try {
    let url = topology.url;
    if (name === 'distributed') {
      const port = await freePort();
      ingress = await startIngress(port, '127.0.0.1', { eventQueue: [topology.eventsUrl], gateway: topology.url });
      url = `http://127.0.0.1:${port}`;
    }
    const first = await bundleAndLogin(browser, url);
    const draw = await sendToDraw(browser, url);
    const scroll = await scrollBack(browser, url);
    return {
      topology: name,
      bundleGzipBytes: first.bytes,
      bundleFiles: first.files,
      login: first.login,
      draw,
      scrolledMessages: scroll.loaded,
      longestTaskMs: Math.round(scroll.longest),
      longTasksOver50: scroll.over50,
    };
  } finally {
    ingress?.closeAllConnections();
    ingress?.close();
    await topology.stop();
  }
}

async function main(): Promise<void> {
  const browser = await launchChromium();
  const results: Measured[] = [];
  try {
    for (const name of TOPOLOGIES) results.push(await measure(name, browser));
  } finally {
    await browser.close();
  }
  const rows = results.map((r) => ({
    topology: r.topology,
    'JS before first list (gzip KB)': (r.bundleGzipBytes / 1024).toFixed(1),
    files: r.bundleFiles,
    'login→list p50 ms': r.login.p50.toFixed(0),
    'login→list max ms': r.login.max.toFixed(0),
    'send→draw p50 ms': r.draw.p50.toFixed(1),
    'send→draw p99 ms': r.draw.p99.toFixed(1),
    'scrolled messages': r.scrolledMessages,
    'longest task ms': r.longestTaskMs,
    'tasks > 50 ms': r.longTasksOver50,
  }));
  console.log(`\n${table(rows)}`);
  writeResult('web-client', { messages: MESSAGES, results }, [], {});
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * `npm run screenshots`: the web client's screens, written to docs/screenshots/ (the README shows
 * some). A development realm on an embedded server and a short conversation; then Chromium, in
 * the light theme, the dark theme and at phone width, draws: the login page, a stream's messages
 * with the compose box, the stream browser, the sidebar (phone), and every settings section the
 * panel lists for an administrator (iago). The sections come from the panel's own navigation,
 * which is derived from features/settings/personal-sections.ts and features/admin/admin-sections.ts:
 * a section added there is captured without a change here. Files: `<screen>.png` (light),
 * `<screen>-dark.png`, `<screen>-phone.png`; a section's screen is `settings-<id>` or
 * `organization-<id>`.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { launchChromium } from '@chat/testing';
import { startWebTopology, type WebTopology } from './web-topology';

const OUT = resolve(__dirname, '../../docs/screenshots');
const LIST = '[role="log"][aria-label="Messages"]';
/**
 * Evaluated in the page: settles once its web fonts are loaded and its shown images decoded (a
 * lazy image in a hidden sidebar never loads, and its decode would never settle).
 */
const RENDERED =
  'Promise.all([document.fonts.ready, ...Array.from(document.images).filter((image) => image.checkVisibility()).map((image) => image.decode().catch(() => undefined))])';

const CONVERSATION: [string, string, string][] = [
  ['hamlet@zulip.com', 'Castle', 'Something is rotten in the state of **Denmark**.'],
  ['othello@zulip.com', 'Castle', 'What makes you say so? :thinking:'],
  ['iago@zulip.com', 'Castle', 'The ghost was seen again last night:\n```quote\nIt would be spoke to.\n```'],
  ['hamlet@zulip.com', 'Castle', '@**Othello, the Moor of Venice** meet me on the platform at midnight.'],
  ['cordelia@zulip.com', 'Plans', 'Checklist for tomorrow:\n* lanterns\n* `rope`\n* a very long cloak'],
];
/** Who reacts, to which message of CONVERSATION, with which emoji. */
const REACTIONS: [string, number, string][] = [
  ['othello@zulip.com', 0, 'thumbs_up'],
  ['iago@zulip.com', 0, 'thumbs_up'],
  ['hamlet@zulip.com', 2, 'ghost'],
  ['othello@zulip.com', 3, 'heart'],
];

interface Variant {
  /** The file name's suffix: '' for the light desktop one. */
  suffix: string;
  width: number;
  height: number;
  dark: boolean;
  phone: boolean;
}

const VARIANTS: Variant[] = [
  { suffix: '', width: 1280, height: 760, dark: false, phone: false },
  { suffix: '-dark', width: 1280, height: 760, dark: true, phone: false },
  { suffix: '-phone', width: 390, height: 780, dark: false, phone: true },
];

async function seed(topology: WebTopology): Promise<void> {
  const sent: number[] = [];
  for (const [email, topic, content] of CONVERSATION) {
    const answer = await request(topology.url)
      .post('/api/v1/messages')
      .set('Authorization', await topology.apiAuth(email))
      .type('form')
      .send({ type: 'stream', to: 'Denmark', topic, content });
    sent.push(Number(answer.body.id));
  }
  // Reactions, so the screenshots show emoji drawn as images in them too.
  for (const [email, index, emoji] of REACTIONS) {
    await request(topology.url)
      .post(`/api/v1/messages/${sent[index]}/reactions`)
      .set('Authorization', await topology.apiAuth(email))
      .type('form')
      .send({ emoji_name: emoji });
  }
  // An incoming-webhook bot of iago's, so the bots section shows how its integration URL is built.
  await request(topology.url)
    .post('/api/v1/bots')
    .set('Authorization', await topology.apiAuth('iago@zulip.com'))
    .type('form')
    .send({ full_name: 'Deploy notices', short_name: 'deploys', bot_type: 2 });
}

/** Fully drawn (web fonts loaded, images decoded), then written; the screenshot itself freezes transitions. */
async function save(page: Page, screen: string, variant: Variant): Promise<string> {
  await page.evaluate(RENDERED);
  const file = `${screen}${variant.suffix}.png`;
  await page.screenshot({ path: join(OUT, file), animations: 'disabled' });
  return file;
}

async function openPage(browser: Browser, url: string, variant: Variant, hash: string) {
  const context = await browser.newContext({
    viewport: { width: variant.width, height: variant.height },
    colorScheme: variant.dark ? 'dark' : 'light',
  });
  // A screen that does not come fails the run instead of hanging it.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(`${url}/${hash}`);
  return { context, page };
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: email, exact: true }).click();
}

/** The login page, a stream's messages with a message being written, the stream browser and (phone) the sidebar. */
async function shootMain(browser: Browser, url: string, variant: Variant): Promise<string[]> {
  const { context, page } = await openPage(browser, url, variant, '#narrow/stream/Denmark');
  const files: string[] = [];
  await page.getByRole('button', { name: 'othello@zulip.com', exact: true }).waitFor();
  files.push(await save(page, 'login', variant));
  await logIn(page, 'othello@zulip.com');
  await page.locator(`${LIST} article`).first().waitFor();
  // At phone width the messages fill the screen (the compose box would cover them).
  if (!variant.phone) {
    await page.locator(LIST).focus();
    await page.keyboard.press('c');
    await page.getByLabel('Topic', { exact: true }).fill('Castle');
    await page.getByLabel('Message', { exact: true }).fill('I will be there. Bring the **lantern**.');
  }
  files.push(await save(page, 'web-client', variant));
  if (!variant.phone) await page.keyboard.press('Escape');
  const toggle = page.getByRole('button', { name: 'Streams', exact: true });
  if (variant.phone) {
    await toggle.click();
    await page.getByRole('navigation', { name: 'Streams' }).getByRole('link', { name: 'Denmark' }).waitFor();
    files.push(await save(page, 'sidebar', variant));
  }
  await page.getByRole('button', { name: 'Browse streams' }).click();
  await page.getByRole('heading', { level: 1, name: 'Browse streams' }).waitFor();
  await page.getByRole('list', { name: 'All streams' }).waitFor();
  files.push(await save(page, 'streams', variant));
  await context.close();
  return files;
}

/** Each section the settings panel lists for an administrator, by its own hash. */
async function shootSettings(browser: Browser, url: string, variant: Variant): Promise<string[]> {
  const { context, page } = await openPage(browser, url, variant, '#settings');
  await logIn(page, 'iago@zulip.com');
  const nav = page.getByRole('navigation', { name: 'Settings sections' });
  await nav.waitFor();
  const hashes = await nav.locator('a[href^="#"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const files: string[] = [];
  for (const hash of hashes) {
    const match = /^#(settings|organization)\/([\w-]+)$/.exec(hash);
    if (!match) continue;
    await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
    await nav.locator(`a[href="${hash}"][aria-current="page"]`).waitFor();
    // The section's component loads on demand, then its data: wait until no "Loading…" is left.
    await page.locator('.settings-body section').first().waitFor();
    await page
      .locator('.settings-body [role="status"]')
      .filter({ hasText: 'Loading' })
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 });
    files.push(await save(page, `${match[1]}-${match[2]}`, variant));
  }
  await context.close();
  return files;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const topology = await startWebTopology('embedded');
  const browser = await launchChromium();
  try {
    await seed(topology);
    const written: string[] = [];
    for (const variant of VARIANTS) {
      written.push(...(await shootMain(browser, topology.url, variant)));
      written.push(...(await shootSettings(browser, topology.url, variant)));
    }
    console.log(`${written.length} screenshots written to ${OUT}:\n  ${written.join('\n  ')}`);
  } finally {
    await browser.close();
    await topology.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * `npm run screenshots`: the web client's main screens, written to docs/screenshots/ (the README
 * shows one). A development realm on an embedded server, a short conversation, then Chromium at
 * desktop and phone widths, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { launchChromium } from '@chat/testing';
import { startWebTopology } from './web-topology';

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

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const topology = await startWebTopology('embedded');
  const browser = await launchChromium();
  try {
    const sent: number[] = [];
    for (const [email, topic, content] of CONVERSATION) {
      const answer = await request(topology.url)
        .post('/api/v1/messages')
        .set('Authorization', await topology.apiAuth(email))
        .type('form')
        .send({ type: 'stream', to: 'Denmark', topic, content });
      sent.push((answer.body as { id: number }).id);
    }
    // Reactions, so the screenshots show emoji drawn as images in them too.
    for (const [email, index, emoji] of REACTIONS) {
      await request(topology.url)
        .post(`/api/v1/messages/${sent[index]}/reactions`)
        .set('Authorization', await topology.apiAuth(email))
        .type('form')
        .send({ emoji_name: emoji });
    }
    type ShotOptions = { width: number; height: number; dark?: boolean; login?: boolean; compose?: boolean; section?: string };
    const shoot = async (name: string, options: ShotOptions) => {
      const context = await browser.newContext({
        viewport: { width: options.width, height: options.height },
        colorScheme: options.dark ? 'dark' : 'light',
      });
      const page = await context.newPage();
      await page.goto(`${topology.url}/#narrow/stream/Denmark`);
      await page.getByRole('button', { name: 'othello@zulip.com', exact: true }).waitFor();
      if (!options.login) {
        await page.getByRole('button', { name: 'othello@zulip.com', exact: true }).click();
        await page.locator(`${LIST} article`).first().waitFor();
        if (options.compose) {
          await page.locator(LIST).focus();
          await page.keyboard.press('c');
          await page.getByLabel('Topic', { exact: true }).fill('Castle');
          await page.getByLabel('Message', { exact: true }).fill('I will be there. Bring the **lantern**.');
        }
        // A settings section: `#settings/<id>`, shown once its first form or list is drawn.
        if (options.section) {
          await page.evaluate(`location.hash = ${JSON.stringify(`#settings/${options.section}`)}`);
          await page.locator('.settings-body section').first().waitFor();
          await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
        }
      }
      // Fully drawn: web fonts loaded and images decoded; the screenshot itself freezes transitions.
      await page.evaluate(RENDERED);
      await page.screenshot({ path: join(OUT, `${name}.png`), animations: 'disabled' });
      await context.close();
    };
    /** An organization screen (`#organization/<id>`) as the administrator sees it. */
    const shootAdmin = async (name: string, id: string, options: { width: number; height: number; dark?: boolean }) => {
      const context = await browser.newContext({
        viewport: { width: options.width, height: options.height },
        colorScheme: options.dark ? 'dark' : 'light',
      });
      const page = await context.newPage();
      await page.goto(topology.url);
      await page.getByRole('button', { name: 'iago@zulip.com', exact: true }).click();
      await page.locator(`${LIST} article`).first().waitFor();
      await page.evaluate(`location.hash = ${JSON.stringify(`#organization/${id}`)}`);
      await page.locator('.settings-body section').first().waitFor();
      await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
      await page.evaluate(RENDERED);
      await page.screenshot({ path: join(OUT, `${name}.png`), animations: 'disabled' });
      await context.close();
    };
    for (const id of ['users', 'invitations', 'streams', 'organization', 'default-streams', 'user-groups']) {
      const section = id === 'organization' ? 'settings' : id;
      await shootAdmin(`admin-${id}`, section, { width: 1280, height: 760 });
      await shootAdmin(`admin-${id}-dark`, section, { width: 1280, height: 760, dark: true });
      await shootAdmin(`admin-${id}-phone`, section, { width: 390, height: 780 });
    }
    await shoot('login', { width: 1100, height: 700, login: true });
    await shoot('web-client', { width: 1280, height: 760, compose: true });
    await shoot('web-client-dark', { width: 1280, height: 760, dark: true });
    await shoot('web-client-phone', { width: 390, height: 780 });
    await shoot('settings-profile', { width: 1280, height: 760, section: 'profile' });
    await shoot('settings-notifications-dark', { width: 1280, height: 900, dark: true, section: 'notifications' });
    await shoot('settings-bots-phone', { width: 390, height: 780, section: 'bots' });
  } finally {
    await browser.close();
    await topology.stop();
  }
  console.log(`screenshots written to ${OUT}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

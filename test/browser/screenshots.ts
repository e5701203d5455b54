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
 * Evaluated in the page: settles once its web fonts are loaded and its drawn images decoded (an
 * image hidden at phone width is left out: Chromium's decode of one never settled, or closed the page).
 */
const RENDERED =
  'Promise.all([document.fonts.ready, ...Array.from(document.images).filter((image) => image.offsetParent !== null).map((image) => image.decode().catch(() => undefined))])';

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
    const shoot = async (
      name: string,
      options: { width: number; height: number; dark?: boolean; login?: boolean; compose?: boolean; as?: string; hash?: string },
    ) => {
      const context = await browser.newContext({
        viewport: { width: options.width, height: options.height },
        colorScheme: options.dark ? 'dark' : 'light',
      });
      const page = await context.newPage();
      await page.goto(`${topology.url}/#narrow/stream/Denmark`);
      const user = options.as ?? 'othello@zulip.com';
      await page.getByRole('button', { name: user, exact: true }).waitFor();
      if (!options.login) {
        await page.getByRole('button', { name: user, exact: true }).click();
        await page.locator(`${LIST} article`).first().waitFor();
        // A settings screen: opened by its hash, shown once it has loaded.
        if (options.hash) {
          await page.evaluate(`location.hash = '${options.hash}'`);
          await page.locator('.settings-body section').first().waitFor();
          await page.getByText('Loading…').waitFor({ state: 'detached' });
        }
        if (options.compose) {
          await page.locator(LIST).focus();
          await page.keyboard.press('c');
          await page.getByLabel('Topic', { exact: true }).fill('Castle');
          await page.getByLabel('Message', { exact: true }).fill('I will be there. Bring the **lantern**.');
        }
      }
      // Fully drawn: web fonts loaded and images decoded; the screenshot itself freezes transitions.
      await page.evaluate(RENDERED);
      await page.screenshot({ path: join(OUT, `${name}.png`), animations: 'disabled' });
      await context.close();
    };
    await shoot('login', { width: 1100, height: 700, login: true });
    await shoot('web-client', { width: 1280, height: 760, compose: true });
    await shoot('web-client-dark', { width: 1280, height: 760, dark: true });
    await shoot('web-client-phone', { width: 390, height: 780 });
    const admin = { as: 'iago@zulip.com' };
    for (const [name, hash] of [
      ['admin-users', '#organization/users'],
      ['admin-invitations', '#organization/invitations'],
      ['admin-streams', '#organization/streams'],
      ['admin-organization', '#organization/settings'],
      ['admin-default-streams', '#organization/default-streams'],
      ['admin-user-groups', '#organization/user-groups'],
    ] as const) {
      await shoot(name, { width: 1280, height: 760, ...admin, hash });
      await shoot(`${name}-dark`, { width: 1280, height: 760, dark: true, ...admin, hash });
      await shoot(`${name}-phone`, { width: 390, height: 780, ...admin, hash });
    }
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

/**
 * What the web client shows is what happens (embedded topology, real Chromium): the compose box
 * sends only where it says, follows the view when empty and warns when its recipient is not the
 * view; two files attached at once both get their link; emoji and the app's icons are images, not
 * font glyphs; the title, the search box, the stream browser's descriptions and the sidebar's
 * topic lists follow the view; uploaded avatars and the realm's icon are shown, and follow changes;
 * an unsent message survives a reload.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import request from 'supertest';
import { launchChromium, TINY_PNG, waitFor } from '@chat/testing';
import { startWebTopology, type WebTopology } from './web-topology';

jest.setTimeout(90_000);

const LIST = '[role="log"][aria-label="Messages"]';
const MESSAGE = `${LIST} article[data-message-id]`;
const EMOJI_IMAGES = '/static/generated/emoji/images-google-64/';

describe('the web client shows what happens', () => {
  let topology: WebTopology;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const tag = Date.now().toString(36);

  beforeAll(async () => {
    [topology, browser] = await Promise.all([startWebTopology('embedded'), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await topology?.stop();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  async function openAs(email: string, hash = '', prepare?: (page: Page) => Promise<void>): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await prepare?.(page);
    await page.goto(`${topology.url}/${hash}`);
    await page.getByRole('button', { name: email, exact: true }).click();
    await page.locator(LIST).waitFor();
    return page;
  }

  async function apiSend(email: string, params: Record<string, string>): Promise<number> {
    const res = await request(topology.url)
      .post('/api/v1/messages')
      .set('Authorization', await topology.apiAuth(email))
      .type('form')
      .send(params);
    expect(res.body.result).toBe('success');
    return res.body.id as number;
  }

  /** The newest messages of a narrow, as the server has them. */
  async function serverMessages(email: string, narrow: unknown[]): Promise<{ type: string; content: string; subject: string }[]> {
    const res = await request(topology.url)
      .get('/api/v1/messages')
      .set('Authorization', await topology.apiAuth(email))
      .query({ anchor: 'newest', num_before: 20, num_after: 0, narrow: JSON.stringify(narrow), apply_markdown: 'false' });
    expect(res.body.result).toBe('success');
    return res.body.messages;
  }

  const messageWith = (page: Page, text: string) => page.locator(MESSAGE).filter({ hasText: text });
  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Streams' });
  const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });

  it("shows a sender's uploaded avatar and the realm's icon, and follows an avatar's removal", async () => {
    const image = (background: string) =>
      sharp({ create: { width: 300, height: 300, channels: 4, background } })
        .png()
        .toBuffer();
    const hamlet = await topology.apiAuth('hamlet@zulip.com');
    const iago = await topology.apiAuth('iago@zulip.com');
    const avatar = await request(topology.url)
      .post('/api/v1/users/me/avatar')
      .set('Authorization', hamlet)
      .attach('file', await image('#c0392b'), 'a.png');
    expect(avatar.status).toBe(200);
    const icon = await request(topology.url)
      .post('/api/v1/realm/icon')
      .set('Authorization', iago)
      .attach('file', await image('#16a085'), 'i.png');
    expect(icon.status).toBe(200);
    try {
      await apiSend('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: `faces ${tag}`, content: `my new face ${tag}` });
      const page = await openAs('othello@zulip.com');
      const picture = messageWith(page, `my new face ${tag}`).locator('img.avatar');
      await waitFor(
        async () =>
          (await picture.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth)) === 100,
        10_000,
      );
      expect(await picture.getAttribute('src')).toBe(avatar.body.avatar_url);
      const realmIcon = page.locator('header img.realm-icon');
      await waitFor(
        async () =>
          (await realmIcon.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth)) === 100,
        10_000,
      );
      expect(await realmIcon.getAttribute('src')).toBe(icon.body.icon_url);
      // Back to Gravatar, which this machine cannot reach: the message shows the initials.
      expect((await request(topology.url).delete('/api/v1/users/me/avatar').set('Authorization', hamlet)).status).toBe(200);
      await messageWith(page, `my new face ${tag}`).locator('.avatar.initials').waitFor({ timeout: 10_000 });
    } finally {
      await request(topology.url).delete('/api/v1/realm/icon').set('Authorization', iago);
    }
  });

  it('sends where the compose box says: a box with text keeps its recipient and warns, an empty one follows the view', async () => {
    const topic = `Markdown ${tag}`;
    await apiSend('hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: `shall we talk ${tag}` });
    const othello = await openAs('othello@zulip.com', `#narrow/stream/Denmark/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`);
    await othello.locator(LIST).focus();
    await othello.keyboard.press('c');
    await expect(compose(othello).getByLabel('Topic', { exact: true }).inputValue()).resolves.toBe(topic);
    const box = othello.getByLabel('Message', { exact: true });
    await box.fill(`For the stream, ${tag}.`);

    // The view changes under a box with text: it keeps its recipient and says it is not the view.
    await sidebar(othello).getByRole('link', { name: 'King Hamlet', exact: true }).click();
    await othello.getByRole('heading', { level: 1, name: 'Private messages with King Hamlet' }).waitFor();
    const warning = compose(othello).getByRole('status').filter({ hasText: 'Not the conversation in view' });
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toContain(`#Denmark > ${topic}`);
    await expect(compose(othello).getByLabel('Stream', { exact: true }).inputValue()).resolves.toBe('Denmark');
    await box.press('End');
    await box.pressSequentially(' Still public.');
    await box.press('Enter');
    await waitFor(
      async () =>
        (
          await serverMessages('othello@zulip.com', [
            { operator: 'stream', operand: 'Denmark' },
            { operator: 'topic', operand: topic },
          ])
        ).some((m) => m.content === `For the stream, ${tag}. Still public.`),
      10_000,
      { stepMs: 50 },
    );

    // An empty box follows the view: to the topic, then to the private conversation.
    await othello.goto(`${topology.url}/#narrow/stream/Denmark/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`);
    await othello.getByRole('heading', { level: 1, name: `#Denmark > ${topic}` }).waitFor();
    await expect(compose(othello).getByLabel('Topic', { exact: true }).inputValue()).resolves.toBe(topic);
    await expect(warning.count()).resolves.toBe(0);
    await sidebar(othello).getByRole('link', { name: 'King Hamlet', exact: true }).click();
    await waitFor(async () => (await compose(othello).getByLabel('To', { exact: true }).count()) === 1, 5_000, { stepMs: 20 });
    await expect(compose(othello).getByLabel('To', { exact: true }).inputValue()).resolves.toBe('hamlet@zulip.com');
    await expect(compose(othello).getByLabel('Stream', { exact: true }).count()).resolves.toBe(0);
    await expect(warning.count()).resolves.toBe(0);
    // Focus is in the message box: typing goes there.
    await othello.keyboard.type(`PRIVATE: meet me alone ${tag}`);
    await othello.keyboard.press('Enter');
    await messageWith(othello, `PRIVATE: meet me alone ${tag}`).waitFor();
    const privately = await serverMessages('othello@zulip.com', [{ operator: 'pm-with', operand: 'hamlet@zulip.com' }]);
    expect(privately.find((m) => m.content === `PRIVATE: meet me alone ${tag}`)?.type).toBe('private');
    const publicly = await serverMessages('othello@zulip.com', [{ operator: 'stream', operand: 'Denmark' }]);
    expect(publicly.some((m) => m.content.includes('PRIVATE'))).toBe(false);
  });

  it('keeps an unsent message across a reload, restores it when its conversation opens again, and forgets it once sent', async () => {
    const topic = `Draft ${tag}`;
    const page = await openAs('othello@zulip.com', `#narrow/stream/Denmark/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`);
    const box = page.getByLabel('Message', { exact: true });
    const reopen = async () => {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `#Denmark > ${topic}` }).waitFor();
      await page.locator(LIST).focus();
      await page.keyboard.press('c');
      await expect(compose(page).getByLabel('Topic', { exact: true }).inputValue()).resolves.toBe(topic);
    };
    await page.locator(LIST).focus();
    await page.keyboard.press('c');
    await box.fill(`Half a thought ${tag}`);
    await reopen();
    await waitFor(async () => (await box.inputValue()) === `Half a thought ${tag}`, 5_000, { stepMs: 20 });
    await box.press('End');
    await box.pressSequentially(', finished.');
    await box.press('Enter');
    await messageWith(page, `Half a thought ${tag}, finished.`).waitFor();
    await reopen();
    await expect(box.inputValue()).resolves.toBe('');
  });

  it('keeps a link for each of two files attached at once', async () => {
    const hamlet = await openAs('hamlet@zulip.com');
    await hamlet.locator(LIST).focus();
    await hamlet.keyboard.press('c');
    await hamlet.getByLabel('Stream', { exact: true }).fill('Denmark');
    await hamlet.getByLabel('Topic', { exact: true }).fill(`two files ${tag}`);
    const chooser = hamlet.waitForEvent('filechooser');
    await hamlet.getByRole('button', { name: 'Attach a file' }).click();
    await (
      await chooser
    ).setFiles([
      { name: `first-${tag}.png`, mimeType: 'image/png', buffer: TINY_PNG },
      { name: `second-${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from('second file') },
    ]);
    const box = hamlet.getByLabel('Message', { exact: true });
    const links = async () => ((await box.inputValue()).match(/\]\(\/user_uploads\/[^)]+\)/g) ?? []).length;
    await waitFor(async () => (await links()) === 2 && !(await box.inputValue()).includes('Uploading'), 10_000, { stepMs: 50 });
    expect(await box.inputValue()).toMatch(
      new RegExp(`\\[first-${tag}\\.png\\]\\(/user_uploads/.+\\)\\n\\[second-${tag}\\.txt\\]\\(/user_uploads/.+\\)`),
    );
    await box.press('Enter');
    const sent = messageWith(hamlet, `second-${tag}.txt`);
    await sent.waitFor();
    await expect(sent.locator('.message-content a[href*="/user_uploads/"]').count()).resolves.toBeGreaterThanOrEqual(2);
  });

  it('draws emoji and its own icons as images, never as font glyphs', async () => {
    const topic = `emoji ${tag}`;
    await apiSend('iago@zulip.com', { type: 'stream', to: 'Denmark', topic, content: `Good :thumbs_up: and :octopus: and :cat: ${tag}` });
    // The image set is the server's static files: the page gets a stand-in for each, so this
    // checks what the client draws, and one that is missing (the cat) to see what it falls back to.
    const page = await openAs(
      'hamlet@zulip.com',
      `#narrow/stream/Denmark/topic/${encodeURIComponent(topic).replace(/%/g, '.')}`,
      async (p) => {
        await p.route(`**${EMOJI_IMAGES}*.png`, (route) =>
          route.request().url().endsWith('/1f408.png')
            ? route.fulfill({ status: 404, body: 'Not Found' })
            : route.fulfill({ status: 200, contentType: 'image/png', body: TINY_PNG }),
        );
      },
    );
    const message = messageWith(page, `Good`);
    const thumbs = message.locator('.message-content span.emoji[role="img"][aria-label="thumbs up"] img');
    await thumbs.waitFor();
    await expect(thumbs.getAttribute('src')).resolves.toBe(`${EMOJI_IMAGES}1f44d.png`);
    await waitFor(async () => (await thumbs.evaluate((img: { naturalWidth: number }) => img.naturalWidth)) > 0, 5_000, { stepMs: 50 });
    // An image that does not load leaves the emoji's name, never an empty box.
    await message.locator('.message-content span.emoji', { hasText: ':cat:' }).waitFor();

    await message.hover();
    await message.getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('button', { name: 'React with +1' }).locator('img').waitFor();
    await page.getByRole('button', { name: 'React with +1' }).click();
    const reaction = message.getByRole('button', { name: '+1: 1' });
    await reaction.waitFor();
    await expect(reaction.locator('img').getAttribute('src')).resolves.toBe(`${EMOJI_IMAGES}1f44d.png`);

    await page.locator(LIST).focus();
    await page.keyboard.press('c');
    await page.getByLabel('Message', { exact: true }).pressSequentially(':octop');
    await expect(page.getByRole('option', { name: ':octopus:' }).locator('img').getAttribute('src')).resolves.toBe(
      `${EMOJI_IMAGES}1f419.png`,
    );

    // The app's own icons are SVG: no text in icon buttons, the lock, the star.
    const glyphs = await page.evaluate(
      `Array.from(document.querySelectorAll('button.icon, .star-mark, .lock, .reaction.add')).filter((el) => el.textContent.trim() !== '' || !el.querySelector('svg')).map((el) => el.outerHTML)`,
    );
    expect(glyphs).toEqual([]);
    await expect(page.getByRole('button', { name: 'Close compose' }).locator('svg').count()).resolves.toBe(1);
    // Nor any emoji character left in the messages' text to be drawn by a font.
    const text = await page.locator(LIST).textContent();
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('names the view in the title and the search box, shows rendered stream descriptions, and expands only the current stream', async () => {
    const name = `described ${tag}`;
    const created = await request(topology.url)
      .post('/api/v1/users/me/subscriptions')
      .set('Authorization', await topology.apiAuth('iago@zulip.com'))
      .type('form')
      .send({ subscriptions: JSON.stringify([{ name, description: 'A **bold** plan, see [the map](https://example.com/map)' }]) });
    expect(created.body.result).toBe('success');
    await apiSend('hamlet@zulip.com', { type: 'stream', to: 'Verona', topic: `balcony ${tag}`, content: 'wherefore' });
    const page = await openAs('hamlet@zulip.com', `#narrow/stream/Denmark/topic/castle`);
    const topicsOf = (stream: string) => sidebar(page).getByRole('button', { name: `Topics of ${stream}` });
    await expect(topicsOf('Denmark').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(topicsOf('Verona').getAttribute('aria-expanded')).resolves.toBe('false');

    // Another stream: its topics show, the previous one's fold away.
    await sidebar(page).getByRole('link', { name: 'Verona', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '#Verona' }).waitFor();
    await waitFor(async () => (await topicsOf('Denmark').getAttribute('aria-expanded')) === 'false', 5_000, { stepMs: 20 });
    await expect(topicsOf('Verona').getAttribute('aria-expanded')).resolves.toBe('true');
    await sidebar(page)
      .getByRole('link', { name: `balcony ${tag}`, exact: true })
      .waitFor();

    // A private conversation reads as an address in the search box.
    await page.goto(`${topology.url}/#narrow/pm-with/othello@zulip.com`);
    await page.getByRole('heading', { level: 1, name: /^Private messages with Othello/ }).waitFor();
    await waitFor(async () => (await page.getByRole('searchbox', { name: 'Search' }).inputValue()) === 'pm-with:othello@zulip.com', 5_000, {
      stepMs: 20,
    });
    await expect(topicsOf('Verona').getAttribute('aria-expanded')).resolves.toBe('false');

    // Browse streams: its own title; descriptions rendered, not Markdown.
    await page.getByRole('button', { name: 'Browse streams' }).click();
    const panel = page.getByRole('region', { name: 'Browse streams' });
    await panel.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Browse streams' }).waitFor();
    // The tab's title: the unread count (if any), then the view's name.
    await waitFor(async () => /^(\(\d+\) )?Browse streams/.test(await page.title()), 5_000, { stepMs: 20 });
    const row = panel.getByRole('listitem').filter({ hasText: name });
    await row.locator('.description strong', { hasText: 'bold' }).waitFor();
    await expect(row.locator('.description a').getAttribute('href')).resolves.toBe('https://example.com/map');
    await expect(row.textContent()).resolves.not.toContain('**');
  });
});

/**
 * The web client in a real browser (Debian's Chromium through playwright-core), against both
 * topologies on real ports: logging in and out; two people in two browsers exchanging stream and
 * private messages live; edits, deletions, reactions and stars reaching the other side; unread
 * counts falling as messages are read; a reconnect after the event tier restarts, with nothing
 * lost or doubled; an uploaded image shown inline; a private stream invisible to a non-member;
 * and axe-core finding no serious or critical violation on the main screens.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { launchChromium, seriousA11yViolations, TINY_PNG, waitFor } from '@chat/testing';
import { startWebTopology, type TopologyName, type WebTopology } from './web-topology';

jest.setTimeout(90_000);

const LIST = '[role="log"][aria-label="Messages"]';
const MESSAGE = `${LIST} article[data-message-id]`;

describe.each(['embedded', 'distributed'] as TopologyName[])('the web client in Chromium (%s)', (name) => {
  let topology: WebTopology;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const tag = `${name.slice(0, 3)}${Date.now().toString(36)}`;

  beforeAll(async () => {
    [topology, browser] = await Promise.all([startWebTopology(name), launchChromium()]);
    // Zulip 2.1's realms let only administrators delete messages unless this is on.
    const allowed = await request(topology.url)
      .patch('/api/v1/realm')
      .set('Authorization', await topology.apiAuth('iago@zulip.com'))
      .type('form')
      .send({ allow_message_deleting: 'true' });
    expect(allowed.body.result).toBe('success');
  });
  afterAll(async () => {
    await browser?.close();
    await topology?.stop();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  /** A fresh browser (its own cookies), logged in with the development login, showing `hash`. */
  async function openAs(email: string, hash = ''): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${topology.url}/${hash}`);
    await page.getByRole('button', { name: email, exact: true }).click();
    await page.locator(LIST).waitFor();
    return page;
  }

  const messageWith = (page: Page, text: string) => page.locator(MESSAGE).filter({ hasText: text });

  async function sendToStream(page: Page, stream: string, topic: string, content: string): Promise<void> {
    await page.locator(LIST).focus();
    await page.keyboard.press('c');
    await page.getByLabel('Stream', { exact: true }).fill(stream);
    await page.getByLabel('Topic', { exact: true }).fill(topic);
    const box = page.getByLabel('Message', { exact: true });
    await box.fill(content);
    await box.press('Enter');
    await messageWith(page, content).first().waitFor();
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

  it('logs in with the development login, stays in across a reload, and logs out', async () => {
    const page = await openAs('hamlet@zulip.com');
    await page.reload();
    await page.locator(LIST).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'hamlet@zulip.com', exact: true }).waitFor();
    await page.reload();
    // The page first asks whether a session exists; the login form comes with the answer.
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    await expect(page.locator(LIST).count()).resolves.toBe(0);
  });

  /** Sends a private message from the compose box and waits for it to come back by its event. */
  async function sendPrivate(page: Page, to: string, content: string): Promise<void> {
    await page.locator(LIST).focus();
    await page.keyboard.press('x');
    await page.getByLabel('To', { exact: true }).fill(to);
    const box = page.getByLabel('Message', { exact: true });
    await box.fill(content);
    await box.press('Enter');
    await messageWith(page, content).first().waitFor();
  }

  it('logs out and in again without reloading the page, by password and by the development login, and keeps working', async () => {
    // The development realm's users have no password: one who has.
    const email = `again-${tag}@zulip.com`;
    const created = await request(topology.url)
      .post('/api/v1/users')
      .set('Authorization', await topology.apiAuth('iago@zulip.com'))
      .type('form')
      .send({ email, password: 'a long password', full_name: `Again ${tag}`, short_name: `again${tag}` });
    expect(created.body.result).toBe('success');
    const page = await openAs('hamlet@zulip.com');
    // Gone if the page reloads.
    await page.evaluate('window.sameDocument = true');
    const logOut = async () => {
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('form', { name: 'Log in' }).waitFor();
    };

    await logOut();
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('a long password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.locator(LIST).waitFor();
    await page.locator('.self-email', { hasText: email }).waitFor();
    await sendPrivate(page, 'hamlet@zulip.com', `by password ${tag}`);

    await logOut();
    await page.getByRole('button', { name: 'othello@zulip.com', exact: true }).click();
    await page.locator(LIST).waitFor();
    await sendPrivate(page, 'hamlet@zulip.com', `by development login ${tag}`);
    // Live: a message sent to the new session arrives by its event.
    await apiSend('hamlet@zulip.com', { type: 'private', to: 'othello@zulip.com', content: `to the new session ${tag}` });
    await messageWith(page, `to the new session ${tag}`).waitFor();
    await expect(page.evaluate('window.sameDocument')).resolves.toBe(true);
  });

  it("keeps another active user's presence current past the first minutes, and shows one coming online at once", async () => {
    const userRow = (page: Page, name: string) =>
      page.getByRole('complementary', { name: 'Users' }).getByRole('listitem').filter({ hasText: name });
    const reportActive = async (email: string) => {
      const res = await request(topology.url)
        .post('/api/v1/users/me/presence')
        .set('Authorization', await topology.apiAuth(email))
        .type('form')
        .send({ status: 'active' });
      expect(res.body.result).toBe('success');
    };
    await reportActive('prospero@zulip.com');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    // The page's timers and Date run on a clock the test moves: minutes pass for the page, not for the server.
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(topology.url);
    await page.getByRole('button', { name: 'hamlet@zulip.com', exact: true }).click();
    await page.locator(LIST).waitFor();
    await userRow(page, 'Prospero').locator('.presence.active').waitFor();

    // Someone coming online is an event: Zoe shows active long before the page's next report.
    await expect(userRow(page, 'Zoe').locator('.presence.active').count()).resolves.toBe(0);
    await reportActive('ZOE@zulip.com');
    await userRow(page, 'Zoe').locator('.presence.active').waitFor();

    // Prospero stays in (reporting every minute makes no event): each time three minutes pass for
    // the page, its own report's answer says he is still here.
    for (let round = 0; round < 2; round++) {
      await reportActive('prospero@zulip.com');
      const answered = page.waitForResponse((res) => res.url().endsWith('/json/users/me/presence'));
      await context.clock.fastForward('03:00');
      await answered;
      await userRow(page, 'Prospero').locator('.presence.active').waitFor({ timeout: 5_000 });
    }
  });

  it('exchanges stream and private messages live between two people', async () => {
    const [hamlet, othello] = await Promise.all([openAs('hamlet@zulip.com'), openAs('othello@zulip.com')]);
    const streamText = `To Denmark ${tag}`;
    await sendToStream(hamlet, 'Denmark', `live ${tag}`, streamText);
    await messageWith(othello, streamText).waitFor();

    const privateText = `Just you ${tag}`;
    await othello.locator(LIST).focus();
    await othello.keyboard.press('x');
    await othello.getByLabel('To', { exact: true }).fill('hamlet@zulip.com');
    const box = othello.getByLabel('Message', { exact: true });
    await box.fill(privateText);
    await box.press('Enter');
    await messageWith(hamlet, privateText).waitFor();
    await messageWith(othello, privateText).waitFor();
    await expect(messageWith(othello, privateText).count()).resolves.toBe(1);
  });

  it('shows edits, deletions and reactions to the other side, and stars in every tab', async () => {
    const [hamlet, othello] = await Promise.all([openAs('hamlet@zulip.com'), openAs('othello@zulip.com')]);
    const original = `Before the edit ${tag}`;
    const doomed = `Soon gone ${tag}`;
    await sendToStream(hamlet, 'Denmark', `edits ${tag}`, original);
    await sendToStream(hamlet, 'Denmark', `edits ${tag}`, doomed);
    await messageWith(othello, doomed).waitFor();

    const id = await messageWith(hamlet, original).getAttribute('data-message-id');
    const mine = hamlet.locator(`${MESSAGE}[data-message-id="${id}"]`);
    await mine.hover();
    await mine.getByRole('button', { name: 'Edit' }).click();
    const editor = hamlet.getByRole('form', { name: 'Message editor' });
    await editor.getByLabel('Edit message').fill(`After the edit ${tag}`);
    await editor.getByRole('button', { name: 'Save' }).click();
    const edited = messageWith(othello, `After the edit ${tag}`);
    await edited.waitFor();
    await edited.getByText(/edited/i).waitFor();

    await mine.hover();
    await messageWith(hamlet, `After the edit ${tag}`).getByRole('button', { name: 'Add reaction' }).click();
    await hamlet.getByRole('button', { name: 'React with +1' }).click();
    await messageWith(othello, `After the edit ${tag}`).getByRole('button', { name: '+1: 1' }).waitFor();

    const gone = messageWith(hamlet, doomed);
    await gone.hover();
    await gone.getByRole('button', { name: 'Delete' }).click();
    await gone.getByRole('button', { name: 'Confirm delete' }).click();
    await messageWith(othello, doomed).waitFor({ state: 'detached' });

    // A star is the reader's own: it reaches othello's other tab live.
    const otherTab = await othello.context().newPage();
    await otherTab.goto(othello.url());
    await messageWith(otherTab, `After the edit ${tag}`).waitFor();
    await messageWith(othello, `After the edit ${tag}`).getByRole('button', { name: /^Star/ }).click();
    await messageWith(otherTab, `After the edit ${tag}`).getByRole('img', { name: 'starred' }).waitFor();
  });

  it('counts unread messages down as they are read', async () => {
    const topic = `unread ${tag}`;
    // Nothing unread to start from: a count read off the page could predate its unread state.
    const read = await request(topology.url)
      .post('/api/v1/mark_all_as_read')
      .set('Authorization', await topology.apiAuth('othello@zulip.com'));
    expect(read.body.result).toBe('success');
    // Showing private messages: a stream message in view would be marked read as soon as it arrives.
    const othello = await openAs('othello@zulip.com', '#narrow/is/private');
    const row = othello.locator('li.stream-item > .row', { has: othello.getByRole('link', { name: 'Verona', exact: true }) });
    for (let i = 0; i < 3; i++) await apiSend('hamlet@zulip.com', { type: 'stream', to: 'Verona', topic, content: `unread ${i} ${tag}` });
    await row.getByRole('img', { name: '3 unread' }).waitFor();
    await othello.getByRole('button', { name: 'Topics of Verona' }).click();
    await othello.getByRole('navigation', { name: 'Streams' }).getByRole('link', { name: topic, exact: true }).click();
    await messageWith(othello, `unread 2 ${tag}`).waitFor();
    await row.getByRole('img', { name: /unread/ }).waitFor({ state: 'detached' });
  });

  it('shows an uploaded image inline to the other side', async () => {
    const [hamlet, othello] = await Promise.all([openAs('hamlet@zulip.com'), openAs('othello@zulip.com')]);
    await hamlet.locator(LIST).focus();
    await hamlet.keyboard.press('c');
    await hamlet.getByLabel('Stream', { exact: true }).fill('Denmark');
    await hamlet.getByLabel('Topic', { exact: true }).fill(`upload ${tag}`);
    const chooser = hamlet.waitForEvent('filechooser');
    await hamlet.getByRole('button', { name: 'Attach a file' }).click();
    await (await chooser).setFiles({ name: `pixel-${tag}.png`, mimeType: 'image/png', buffer: TINY_PNG });
    const box = hamlet.getByLabel('Message', { exact: true });
    await waitFor(async () => (await box.inputValue()).includes('/user_uploads/'), 10_000, { stepMs: 50 });
    await box.press('Enter');
    const image = messageWith(othello, `pixel-${tag}`).locator('.message-content img').last();
    await image.waitFor();
    await waitFor(async () => (await image.evaluate((img: { naturalWidth: number }) => img.naturalWidth)) > 0, 10_000, { stepMs: 50 });
  });

  it('keeps a private stream, its name and its messages from a non-member', async () => {
    const streamName = `secret ${tag}`;
    const hamletAuth = await topology.apiAuth('hamlet@zulip.com');
    const created = await request(topology.url)
      .post('/api/v1/users/me/subscriptions')
      .set('Authorization', hamletAuth)
      .type('form')
      .send({ subscriptions: JSON.stringify([{ name: streamName }]), invite_only: 'true' });
    expect(created.body.result).toBe('success');
    await apiSend('hamlet@zulip.com', { type: 'stream', to: streamName, topic: 'plans', content: `hidden plans ${tag}` });
    const streamId = (
      await request(topology.url).get('/api/v1/get_stream_id').query({ stream: streamName }).set('Authorization', hamletAuth)
    ).body.stream_id as number;

    const hamlet = await openAs('hamlet@zulip.com');
    await hamlet.getByRole('link', { name: streamName, exact: true }).waitFor();
    const cordelia = await openAs('cordelia@zulip.com', `#narrow/stream/${streamId}-secret`);
    await expect(cordelia.locator('body').textContent()).resolves.not.toContain(`hidden plans ${tag}`);
    await cordelia
      .getByRole('button', { name: 'Browse streams' })
      .click()
      .catch(() => undefined);
    await expect(cordelia.locator('body').textContent()).resolves.not.toContain(streamName);
  });

  it('reconnects after the event tier restarts, losing and doubling nothing', async () => {
    const topic = `restart ${tag}`;
    const othello = await openAs('othello@zulip.com');
    await apiSend('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic, content: `before restart ${tag}` });
    await messageWith(othello, `before restart ${tag}`).waitFor();
    await topology.restartEventTier(async () => {
      // The distributed topology still takes messages while its event tier is away.
      if (name === 'distributed')
        await apiSend('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic, content: `during restart ${tag}` });
    });
    await apiSend('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic, content: `after restart ${tag}` });
    await messageWith(othello, `after restart ${tag}`).waitFor({ timeout: 30_000 });
    if (name === 'distributed') await messageWith(othello, `during restart ${tag}`).waitFor();
    for (const text of ['before', 'during', 'after']) {
      await expect(messageWith(othello, `${text} restart ${tag}`).count()).resolves.toBe(name === 'embedded' && text === 'during' ? 0 : 1);
    }
    // And it is live again: a message typed now arrives once.
    await apiSend('hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic, content: `live again ${tag}` });
    await messageWith(othello, `live again ${tag}`).waitFor();
    await expect(messageWith(othello, `live again ${tag}`).count()).resolves.toBe(1);
  });

  it('has no serious or critical accessibility violation on the login page and the main screen', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const violations = (screen: string) => seriousA11yViolations(page, screen);
    await page.goto(topology.url);
    await page.getByRole('button', { name: 'hamlet@zulip.com', exact: true }).waitFor();
    const problems = await violations('login');
    await page.getByRole('button', { name: 'hamlet@zulip.com', exact: true }).click();
    await page.locator(MESSAGE).first().waitFor();
    problems.push(...(await violations('messages')));
    await page.locator(LIST).focus();
    await page.keyboard.press('c');
    await page.getByLabel('Message', { exact: true }).waitFor();
    problems.push(...(await violations('compose')));
    expect(problems).toEqual([]);
  });
});

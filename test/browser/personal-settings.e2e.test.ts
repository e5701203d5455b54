/**
 * A member's own settings in Chromium, each section through the server's endpoints: profile
 * (name, avatar, status), password, notifications (global and per stream), display, the API key
 * with its zuliprc, bots, muted users and topics, alert words and deactivating the account (and
 * the server's refusal for the last administrator); axe-core finds no serious or critical
 * violation on any of them. The distributed topology gets a short smoke test.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { launchChromium, seriousA11yViolations, TINY_PNG, waitFor } from '@chat/testing';
import { newUser } from '../account-security.harness';
import { startWebTopology, type TopologyName, type WebTopology } from './web-topology';

jest.setTimeout(90_000);

const LIST = '[role="log"][aria-label="Messages"]';
const PASSWORD = 'a long enough password';
/** Development users log in with the development login; the suite's own users with their password. */
const DEV_USERS = ['iago@zulip.com'];

function suite(
  name: TopologyName,
  body: (env: { topology: () => WebTopology; open: (email: string, hash: string) => Promise<Page> }) => void,
) {
  describe(`personal settings in Chromium (${name})`, () => {
    let topology: WebTopology;
    let browser: Browser;
    const contexts: BrowserContext[] = [];
    beforeAll(async () => {
      [topology, browser] = await Promise.all([startWebTopology(name), launchChromium()]);
    });
    afterAll(async () => {
      await browser?.close();
      await topology?.stop();
    });
    afterEach(async () => {
      for (const context of contexts.splice(0)) await context.close();
    });
    /** A fresh browser logged in with the password form, showing the settings section `hash`. */
    const open = async (email: string, hash: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(topology.url);
      if (DEV_USERS.includes(email)) {
        await page.getByRole('button', { name: email, exact: true }).click();
      } else {
        const form = page.getByRole('form', { name: 'Log in' });
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await form.getByRole('button', { name: 'Log in' }).click();
      }
      await page.locator(LIST).waitFor();
      await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
      return page;
    };
    body({ topology: () => topology, open });
  });
}

async function api(
  topology: WebTopology,
  email: string,
  method: 'get' | 'post' | 'patch',
  path: string,
  form: Record<string, string> = {},
) {
  return request(topology.url)
    [method](`/api/v1${path}`)
    .set('Authorization', await topology.apiAuth(email))
    .type('form')
    .send(form);
}

suite('embedded', ({ topology, open }) => {
  const member = (label: string) => newUser(topology().url, label, PASSWORD);
  const section = (page: Page, name: string) => page.getByRole('region', { name });

  it('changes the name, avatar and status, and the realm sees the new name', async () => {
    const email = await member('profile');
    const page = await open(email, '#settings/profile');
    const profile = section(page, 'Profile');
    expect(await seriousA11yViolations(page, 'profile')).toEqual([]);
    await profile.getByRole('textbox', { name: 'Full name' }).fill('Prince Hal');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await profile.getByText('Your name is saved.').waitFor();
    // The realm_user update reaches the browser: the user list shows the new name.
    await page.getByRole('complementary', { name: 'Users' }).getByText('Prince Hal').first().waitFor();
    await profile.getByRole('textbox', { name: 'Full name' }).fill('X');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await profile.getByRole('alert').filter({ hasText: 'Name too short!' }).waitFor();
    await profile.getByLabel('Upload a new avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await profile.getByText('Your avatar is changed.').waitFor();
    await profile.getByLabel('Status text others see').fill('At the castle');
    await profile.getByRole('button', { name: 'Set status' }).click();
    await profile.getByText('Your status is set.').waitFor();
    const users = await api(topology(), 'iago@zulip.com', 'get', '/users');
    const me = (users.body.members as { email: string; full_name: string; avatar_url: string }[]).find((u) => u.email === email)!;
    expect(me.full_name).toBe('Prince Hal');
    expect(me.avatar_url).toContain('/user_avatars/');
  });

  it('tells a member when the realm keeps name changes to administrators', async () => {
    const email = await member('locked');
    const realm = (disabled: boolean) => api(topology(), 'iago@zulip.com', 'patch', '/realm', { name_changes_disabled: String(disabled) });
    expect((await realm(true)).body.result).toBe('success');
    try {
      const page = await open(email, '#settings/profile');
      const profile = section(page, 'Profile');
      await profile.getByText('Your organization lets only administrators change their names.').waitFor();
      expect(await profile.getByRole('textbox', { name: 'Full name' }).isDisabled()).toBe(true);
    } finally {
      await realm(false);
    }
  });

  it("changes the password, showing the server's refusal of a wrong current one", async () => {
    const email = await member('password');
    const page = await open(email, '#settings/password');
    const form = page.getByRole('form', { name: 'Change my password' });
    expect(await seriousA11yViolations(page, 'password')).toEqual([]);
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('a newer long password');
    await form.getByLabel('New password again').fill('a newer long password');
    await form.getByRole('button', { name: 'Change my password' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change my password' }).click();
    await form.getByText('Your password is changed.').waitFor();
    const login = await request(topology().url)
      .post('/api/v1/fetch_api_key')
      .type('form')
      .send({ username: email, password: 'a newer long password' });
    expect(login.status).toBe(200);
  });

  it('keeps notification choices, global and per stream, across a reload', async () => {
    const email = await member('notify');
    const page = await open(email, '#settings/notifications');
    const panel = section(page, 'Notifications');
    await panel.getByRole('table', { name: 'Notifications by stream' }).waitFor();
    expect(await seriousA11yViolations(page, 'notifications')).toEqual([]);
    const sounds = panel.getByLabel('Sounds', { exact: true });
    const digests = panel.getByLabel('Digest e-mails while away');
    const wasOn = await sounds.isChecked();
    await sounds.setChecked(!wasOn);
    await digests.setChecked(false);
    const streamBox = panel.getByRole('table').getByRole('checkbox').first();
    const streamWas = await streamBox.isChecked();
    await streamBox.setChecked(!streamWas);
    await waitFor(
      async () =>
        (await api(topology(), email, 'post', '/register', { fetch_event_types: '["user_settings"]', event_types: '[]' })).body
          .user_settings.enable_sounds === !wasOn,
    );
    await page.reload();
    await panel.getByRole('table', { name: 'Notifications by stream' }).waitFor();
    expect(await panel.getByLabel('Sounds', { exact: true }).isChecked()).toBe(!wasOn);
    expect(await panel.getByLabel('Digest e-mails while away').isChecked()).toBe(false);
    expect(await panel.getByRole('table').getByRole('checkbox').first().isChecked()).toBe(!streamWas);
  });

  it('switches the theme and the 24-hour clock', async () => {
    const email = await member('display');
    const page = await open(email, '#settings/display');
    const panel = section(page, 'Display');
    await panel.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await seriousA11yViolations(page, 'display (dark)')).toEqual([]);
    await panel.getByRole('radio', { name: 'Light' }).check();
    await panel.getByLabel('Times on a 24-hour clock').check();
    await waitFor(
      async () =>
        (await api(topology(), email, 'post', '/register', { fetch_event_types: '["user_settings"]', event_types: '[]' })).body
          .user_settings.twenty_four_hour_time === true,
    );
    // The message list's times follow it once the event arrives.
    const sent = await api(topology(), email, 'post', '/messages', {
      type: 'stream',
      to: 'Denmark',
      topic: 'clock',
      content: 'what time is it',
    });
    expect(sent.body.result).toBe('success');
    await page.getByRole('button', { name: 'Close' }).click();
    const time = page.locator(`${LIST} article[data-message-id="${sent.body.id}"] time`);
    await waitFor(async () => /^\d{2}\D\d{2}$/.test((await time.textContent().catch(() => '')) ?? ''));
  });

  it('downloads a zuliprc beside the API key shown for the password', async () => {
    const email = await member('zuliprc');
    const page = await open(email, '#settings/account-security');
    const panel = section(page, 'Account security');
    await panel.getByRole('form', { name: 'Show my API key' }).getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Show my API key' }).click();
    const key = (await panel.locator('.api-key-value').textContent())!;
    expect(await seriousA11yViolations(page, 'account security')).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download zuliprc' }).click()]);
    expect(download.suggestedFilename()).toBe('zuliprc');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(`[api]\nemail=${email}\nkey=${key}\nsite=${topology().url}\n`);
  });

  it('creates incoming and outgoing webhook bots, shows their keys and URLs, and deactivates one', async () => {
    const email = await member('botowner');
    const page = await open(email, '#settings/bots');
    const panel = section(page, 'Bots');
    await panel.getByText('You have no bots.').waitFor();
    const create = panel.getByRole('form', { name: 'Create a bot' });
    await create.getByLabel('Name').fill('Castle hook');
    await create.getByLabel('E-mail start (before -bot@)').fill(`hook${Date.now()}`);
    await create.getByRole('button', { name: 'Create bot' }).click();
    const hook = panel.getByRole('listitem', { name: 'Castle hook' });
    await hook.waitFor();
    const key = (await hook.locator('.bot-api-key').textContent())!;
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    await hook.getByLabel('Integration').selectOption('github');
    expect(await hook.locator('.bot-webhook-url').textContent()).toBe(`${topology().url}/api/v1/external/github?api_key=${key}`);
    // What it posts and the options its URL takes come from the server's list.
    await hook.getByText(/^Posts pushes, pull requests/).waitFor();
    await hook.getByRole('list', { name: 'URL options' }).getByText('ignore_private_repositories').waitFor();
    await create.getByLabel('Type').selectOption({ label: 'Outgoing webhook' });
    await create.getByLabel('Name').fill('Castle out');
    await create.getByLabel('E-mail start (before -bot@)').fill(`out${Date.now()}`);
    await create.getByLabel('Endpoint URL').fill('https://bots.example.com/castle');
    await create.getByRole('button', { name: 'Create bot' }).click();
    const out = panel.getByRole('listitem', { name: 'Castle out' });
    await out.getByText('Posts to https://bots.example.com/castle').waitFor();
    expect(await seriousA11yViolations(page, 'bots')).toEqual([]);
    await hook.getByRole('button', { name: 'Deactivate Castle hook' }).click();
    await hook.getByRole('button', { name: 'Yes, deactivate' }).click();
    await hook.waitFor({ state: 'detached' });
    expect(await panel.getByRole('listitem').count()).toBe(1);
  });

  it('unmutes a muted user and a muted topic, and adds and removes alert words', async () => {
    const email = await member('muting');
    const othello = (await api(topology(), 'iago@zulip.com', 'get', '/users')).body.members.find(
      (u: { email: string }) => u.email === 'othello@zulip.com',
    );
    expect((await api(topology(), email, 'post', `/users/me/muted_users/${othello.user_id}`)).body.result).toBe('success');
    expect(
      (await api(topology(), email, 'patch', '/users/me/subscriptions/muted_topics', { stream: 'Denmark', topic: 'ghosts', op: 'add' }))
        .body.result,
    ).toBe('success');
    const page = await open(email, '#settings/muted');
    const panel = section(page, 'Muted users and topics');
    await panel.getByRole('button', { name: 'Unmute ghosts' }).waitFor();
    expect(await seriousA11yViolations(page, 'muted')).toEqual([]);
    await panel.getByRole('button', { name: `Unmute ${othello.full_name}` }).click();
    await panel.getByText('You have muted nobody.').waitFor();
    await panel.getByRole('button', { name: 'Unmute ghosts' }).click();
    await panel.getByText('You have muted no topic.').waitFor();

    await page.getByRole('link', { name: 'Alert words' }).click();
    const words = section(page, 'Alert words');
    await words.getByText('You have no alert words.').waitFor();
    await words.getByLabel('New alert words (separated by commas)').fill('Castle, ghost');
    await words.getByRole('button', { name: 'Add' }).click();
    await words.getByRole('button', { name: 'Remove ghost' }).click();
    await waitFor(async () => (await words.getByRole('listitem').allTextContents()).join() === 'castle Remove castle');
    expect(await seriousA11yViolations(page, 'alert words')).toEqual([]);
  });

  it("deactivates a member's own account after a confirm step, and shows the refusal for the last administrator", async () => {
    const email = await member('leaving');
    const page = await open(email, '#settings/deactivate');
    const panel = section(page, 'Deactivate account');
    await panel.getByRole('button', { name: 'Deactivate my account' }).click();
    expect(await seriousA11yViolations(page, 'deactivate')).toEqual([]);
    await panel.getByRole('button', { name: 'Yes, deactivate my account' }).click();
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    const login = await request(topology().url).post('/api/v1/fetch_api_key').type('form').send({ username: email, password: PASSWORD });
    expect(login.status).not.toBe(200);

    const admin = await open('iago@zulip.com', '#settings/deactivate');
    const adminPanel = section(admin, 'Deactivate account');
    await adminPanel.getByRole('button', { name: 'Deactivate my account' }).click();
    await adminPanel.getByRole('button', { name: 'Yes, deactivate my account' }).click();
    await adminPanel.getByRole('alert').filter({ hasText: 'Cannot deactivate the only organization administrator.' }).waitFor();
  });
});

suite('distributed', ({ topology, open }) => {
  it('renames a member and adds an alert word', async () => {
    const email = await newUser(topology().url, 'smoke', PASSWORD);
    const page = await open(email, '#settings/profile');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('textbox', { name: 'Full name' }).fill('Smoke Tester');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await profile.getByText('Your name is saved.').waitFor();
    await page.getByRole('link', { name: 'Alert words' }).click();
    const words = page.getByRole('region', { name: 'Alert words' });
    await words.getByLabel('New alert words (separated by commas)').fill('smoke');
    await words.getByRole('button', { name: 'Add' }).click();
    await words.getByRole('button', { name: 'Remove smoke' }).waitFor();
    expect(await seriousA11yViolations(page, 'alert words (distributed)')).toEqual([]);
  });
});

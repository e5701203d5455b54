/**
 * Password reset and two-factor in Chromium (embedded, on a real port): "Forgot password?" on the
 * login page mails a link; the link's page sets a new password, which then logs in. The
 * account security panel shows a QR code and the secret; a first code turns two-factor on and
 * shows the recovery codes; the API key is shown for the password; the login form then asks for a
 * code and logs in with it.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startStandalone, type Standalone } from '@chat/standalone';
import { launchChromium, testConfig, testLogger } from '@chat/testing';
import { mailTo, newUser, resetLinkIn, totp } from '../account-security.harness';
import { freePort } from '../process.harness';

jest.setTimeout(90_000);

describe('password reset and two-factor in Chromium (embedded)', () => {
  let dir: string;
  let server: Standalone;
  let http: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'account-security-browser-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const config = testConfig({ externalHost: `127.0.0.1:${port}`, emailBackend: 'folder', emailFolder: join(dir, 'mail') });
    [server, browser] = await Promise.all([startStandalone({ config, logger: testLogger() }), launchChromium()]);
    http = createServer(server.app);
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await browser?.close();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const logIn = async (page: Page, email: string, password: string) => {
    await page.goto(url);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Log in' }).click();
  };
  const messageList = (page: Page) => page.locator('[role="log"][aria-label="Messages"]');

  it('resets a forgotten password from the login page', async () => {
    const email = await newUser(url, 'browser-reset', 'forgotten password');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'we sent it a link' }).waitFor();

    const link = resetLinkIn(await mailTo(join(dir, 'mail'), email));
    expect(link.startsWith(`${url}/accounts/password/reset/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('remembered password');
    await page.getByLabel('New password again').fill('remembered password');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(new URL(page.url()).pathname).toBe('/');

    await logIn(page, email, 'remembered password');
    await messageList(page).waitFor();
    // The link is used up.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third password');
    await page.getByLabel('New password again').fill('third password');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await page.getByRole('alert').filter({ hasText: 'has expired or has already been used' }).waitFor();
    await context.close();
  });

  it('turns two-factor on from its panel; the login form then asks for a code', async () => {
    const email = await newUser(url, 'browser-totp', 'my password');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logIn(page, email, 'my password');
    await messageList(page).waitFor();

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Account security', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Account security' });
    await panel.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const qr = panel.getByRole('img', { name: 'QR code of the two-factor secret' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await panel.locator('.two-factor-secret').textContent())!;
    await panel.getByRole('form', { name: 'Turn on' }).getByLabel('Code').fill(totp(secret, -1));
    await panel.getByRole('button', { name: 'Turn on' }).click();
    await panel.getByText('Your recovery codes.').waitFor();
    expect(await panel.locator('.recovery-codes li').count()).toBe(10);
    await panel.getByText('Two-factor authentication is on').waitFor();
    // The API key, for the password: the way to a key now that POST /fetch_api_key refuses it.
    await panel.getByRole('form', { name: 'Show my API key' }).getByLabel('Password').fill('my password');
    await panel.getByRole('button', { name: 'Show my API key' }).click();
    expect(await panel.locator('.api-key-value').textContent()).toMatch(/^[A-Za-z0-9]{32}$/);

    await page.getByRole('button', { name: 'Log out' }).click();
    await logIn(page, email, 'my password');
    const code = page.getByLabel('Two-factor code (from your app, or a recovery code)');
    await code.waitFor();
    await code.fill(totp(secret));
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
    await messageList(page).waitFor();
    await context.close();
  });
});

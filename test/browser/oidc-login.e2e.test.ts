/**
 * Logging in with OpenID Connect in a real browser (Chromium, embedded topology on a real port):
 * the login page shows the provider's button (from server_settings), the provider's own login and
 * consent forms are filled in, and the browser lands in the app, logged in; refused, it lands on
 * the login page with the reason.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { startStandalone, type Standalone } from '@chat/standalone';
import { launchChromium, setTestOidcAccount, testConfig, testLogger, testOidcOverrides } from '@chat/testing';
import { freePort } from '../process.harness';

jest.setTimeout(90_000);

describe('logging in with OpenID Connect in Chromium (embedded)', () => {
  let server: Standalone;
  let http: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const config = testConfig({ externalHost: `127.0.0.1:${port}`, ...testOidcOverrides({ displayName: 'Elsinore ID' }) });
    [server, browser] = await Promise.all([startStandalone({ config, logger: testLogger() }), launchChromium()]);
    http = createServer(server.app);
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await browser?.close();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
    await server?.stop();
  });

  it("clicks the provider's button, logs in at the provider, and lands in the app", async () => {
    const sub = `sub-${randomBytes(4).toString('hex')}`;
    await setTestOidcAccount({ sub, email: 'hamlet@zulip.com', email_verified: true, name: 'Hamlet' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('link', { name: 'Log in with Elsinore ID' }).click();
    await page.locator('input[name="login"]').fill(sub);
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('[role="log"][aria-label="Messages"]').waitFor();
    expect(new URL(page.url()).origin).toBe(url);
    await context.close();
  });

  it('comes back to the login page with the reason when the provider has not verified the address', async () => {
    const sub = `sub-${randomBytes(4).toString('hex')}`;
    await setTestOidcAccount({ sub, email: 'othello@zulip.com', email_verified: false, name: 'Othello' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('link', { name: 'Log in with Elsinore ID' }).click();
    await page.locator('input[name="login"]').fill(sub);
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'has not verified your e-mail address' }).waitFor();
    await page.getByRole('heading', { name: /Log in/ }).waitFor();
    // The reason is shown once: the address bar no longer carries it.
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

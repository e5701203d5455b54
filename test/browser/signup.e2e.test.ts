/**
 * Accepting an invitation in a real browser (Chromium, embedded topology on a real port): an
 * administrator invites an address through the API, the invitation e-mail lands in the mail
 * folder, the invitee opens its link, picks a name and password, and lands in the app with the
 * message list showing the invitation's stream; the link is used up afterwards. A reusable link's
 * page asks only for an address and mails it a confirmation link, from which the same form makes
 * the account.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { startStandalone, type Standalone } from '@chat/standalone';
import { basicAuth, launchChromium, readMailFolder, testConfig, testLogger, waitFor } from '@chat/testing';
import { freePort } from '../process.harness';

jest.setTimeout(90_000);

describe('signing up from an invitation link in Chromium (embedded)', () => {
  let dir: string;
  let server: Standalone;
  let http: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'signup-browser-'));
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

  it('opens the e-mailed link, signs up, and sees the message list', async () => {
    const key = (await request(url).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'iago@zulip.com' })).body
      .api_key as string;
    const denmark = (
      await request(url).get('/api/v1/get_stream_id').query({ stream: 'Denmark' }).set('Authorization', basicAuth('iago@zulip.com', key))
    ).body.stream_id as number;
    const invited = await request(url)
      .post('/api/v1/invites')
      .set('Authorization', basicAuth('iago@zulip.com', key))
      .type('form')
      .send({ invitee_emails: 'viola@example.test', stream_ids: JSON.stringify([denmark]) });
    expect(invited.body.result).toBe('success');
    await waitFor(async () => (await readMailFolder(join(dir, 'mail'))).length === 1);
    const [mail] = await readMailFolder(join(dir, 'mail'));
    const link = /http:\/\/\S+\/accounts\/do_confirm\/[a-z0-9]{24}/.exec(mail!.text)![0];
    expect(link.startsWith(url)).toBe(true);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join Zulip Dev' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('viola@example.test');
    await page.getByLabel('Full name').fill('Viola of Messaline');
    await page.getByLabel('Password').fill('sebastian twin');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.locator('[role="log"][aria-label="Messages"]').waitFor();
    await page.getByRole('navigation', { name: 'Streams' }).getByRole('link', { name: 'Denmark', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The link is used up: opening it again explains instead of offering the form.
    const again = await context.newPage();
    await again.goto(link);
    await again.getByRole('alert').filter({ hasText: 'The confirmation link has expired or been deactivated.' }).waitFor();
    await context.close();
  });

  it('opens a reusable link, gets a confirmation link by e-mail, and signs up from it', async () => {
    const iago = basicAuth(
      'iago@zulip.com',
      (await request(url).post('/api/v1/dev_fetch_api_key').type('form').send({ username: 'iago@zulip.com' })).body.api_key as string,
    );
    const verona = (await request(url).get('/api/v1/get_stream_id').query({ stream: 'Verona' }).set('Authorization', iago)).body
      .stream_id as number;
    const created = await request(url)
      .post('/api/v1/invites/multiuse')
      .set('Authorization', iago)
      .type('form')
      .send({ stream_ids: JSON.stringify([verona]) });
    const joinLink = created.body.invite_link as string;
    expect(joinLink).toMatch(new RegExp(`^${url}/join/[a-z0-9]{24}/$`));

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(joinLink);
    await page.getByRole('heading', { name: 'Join Zulip Dev' }).waitFor();
    // Only the address: no name or password until the address is proven.
    expect(await page.getByLabel('Password').count()).toBe(0);
    await page.getByLabel('Email').fill('sebastian@example.test');
    await page.getByRole('button', { name: 'Send me a sign-up link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your e-mail' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain('sebastian@example.test');

    const mailsTo = async () => (await readMailFolder(join(dir, 'mail'))).filter((m) => m.to === 'sebastian@example.test');
    await waitFor(async () => (await mailsTo()).length === 1);
    const [mail] = await mailsTo();
    expect(mail!.subject).toBe('Confirm your address to join Zulip Dev');
    const link = /http:\/\/\S+\/accounts\/do_confirm\/[a-z0-9]{24}/.exec(mail!.text)![0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join Zulip Dev' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('sebastian@example.test');
    await page.getByLabel('Full name').fill('Sebastian of Messaline');
    await page.getByLabel('Password').fill('shipwrecked twin');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.locator('[role="log"][aria-label="Messages"]').waitFor();
    await page.getByRole('navigation', { name: 'Streams' }).getByRole('link', { name: 'Verona', exact: true }).waitFor();
    await context.close();
  });
});

/**
 * The web client's service worker in Chromium: registered at the root when the browser allows
 * notifications, a push delivered to it through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`, as a push service would hand it over after decryption)
 * shows the notification with its sender and text, and a removal push closes it; the unread count
 * follows the unread model on the tab's title and icon. A real browser push service cannot be
 * reached from here, so the browser cannot make a subscription of its own: the server's side of a
 * push (encryption, VAPID, the https-only rule) is test/web-push.e2e.test.ts's. One topology: the
 * worker and the page are the same whichever serves them.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import request from 'supertest';
import type { WebPushNotification } from '@chat/message-service';
import { launchChromium, waitFor } from '@chat/testing';
import { startWebTopology, type WebTopology } from './web-topology';

jest.setTimeout(90_000);

const LIST = '[role="log"][aria-label="Messages"]';

interface Shown {
  title: string;
  body: string;
  tag: string;
}

describe('Web Push in Chromium (embedded)', () => {
  let topology: WebTopology;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  const registrations = new Map<string, string>();

  beforeAll(async () => {
    [topology, browser] = await Promise.all([startWebTopology('embedded'), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['notifications'], { origin: topology.url });
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await page.goto(`${topology.url}/`);
    await page.getByRole('button', { name: 'hamlet@zulip.com', exact: true }).click();
    await page.locator(LIST).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await topology?.stop();
  });

  // Run in the page (a string: this file is compiled without the DOM's types).
  const shown = async (): Promise<Shown[]> =>
    (await page.evaluate(
      'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) => all.map((n) => ({ title: n.title, body: n.body, tag: n.tag })))',
    )) as Shown[];

  async function deliver(push: WebPushNotification): Promise<void> {
    const registrationId = registrations.get(`${topology.url}/`);
    if (!registrationId) throw new Error('no service worker registration at the root');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: topology.url, registrationId, data: JSON.stringify(push) });
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

  it('registers the service worker at the root of the app, and offers the setting', async () => {
    const scope = await page.evaluate('navigator.serviceWorker.ready.then((r) => r.scope)');
    expect(scope).toBe(`${topology.url}/`);
    await waitFor(() => registrations.has(`${topology.url}/`), 10_000);
    await expect(page.getByLabel('Notify me when closed').count()).resolves.toBe(1);
  });

  it('shows a pushed message with its sender and text, and closes it when a removal comes', async () => {
    const push: WebPushNotification = {
      kind: 'message',
      message_id: 4242,
      sender: { id: 7, full_name: 'Othello, the Moor of Venice' },
      conversation: { type: 'stream', stream_id: 1, stream: 'Denmark', topic: 'castle' },
      text: 'The ghost walks tonight',
      url: `${topology.url}/#narrow/stream/1-Denmark/topic/castle/near/4242`,
    };
    await deliver(push);
    await waitFor(async () => (await shown()).length === 1, 10_000);
    expect(await shown()).toEqual([
      { title: 'Othello, the Moor of Venice in #Denmark > castle', body: 'The ghost walks tonight', tag: 'message-4242' },
    ]);
    // The same message again replaces its notification rather than adding one.
    await deliver(push);
    await deliver({ ...push, message_id: 4243, conversation: { type: 'private', recipients: [] }, text: 'A word alone' });
    await waitFor(async () => (await shown()).length === 2, 10_000);
    expect((await shown()).find((n) => n.tag === 'message-4243')).toEqual({
      title: 'Othello, the Moor of Venice',
      body: 'A word alone',
      tag: 'message-4243',
    });
    await deliver({ kind: 'remove', message_ids: [4242, 4243] });
    await waitFor(async () => (await shown()).length === 0, 10_000);
  });

  it('opens the conversation in the tab when a notification is clicked', async () => {
    const url = `${topology.url}/#narrow/stream/2-Denmark/topic/castle`;
    await deliver({
      kind: 'message',
      message_id: 4244,
      sender: { id: 7, full_name: 'Othello, the Moor of Venice' },
      conversation: { type: 'stream', stream_id: 2, stream: 'Denmark', topic: 'castle' },
      text: 'Look',
      url,
    });
    await waitFor(async () => (await shown()).length === 1, 10_000);
    // The click a person makes on the system's notification, dispatched in the worker as the browser would.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(
      "self.registration.getNotifications().then(([n]) => self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n })))",
    );
    await waitFor(() => page.url() === url, 10_000);
    await page.getByRole('heading', { level: 1, name: '#Denmark > castle' }).waitFor();
    await waitFor(async () => (await shown()).length === 0, 10_000);
  });

  it("keeps the unread count on the tab's title and icon in step with the unread model", async () => {
    const count = async () => Number(await page.evaluate('document.documentElement.dataset.unreadCount'));
    const before = await count();
    // The count before the view's name (the narrow's title), whatever the view.
    const view = '#Denmark > castle - Zulip Dev';
    expect(await page.title()).toBe(before > 0 ? `(${before}) ${view}` : view);
    await apiSend('othello@zulip.com', { type: 'private', to: JSON.stringify(['hamlet@zulip.com']), content: 'counted on the tab' });
    await waitFor(async () => (await count()) === before + 1, 10_000);
    expect(await page.title()).toBe(`(${before + 1}) ${view}`);
    const icon = await page.evaluate(`document.querySelector('link[rel="icon"]')?.href ?? ''`);
    expect(icon).toMatch(/^data:image\/png;base64,/);
  });
});

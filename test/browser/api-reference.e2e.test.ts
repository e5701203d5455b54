/**
 * The API reference page (/api/v1/docs) in Chromium, in both topologies: Redoc, served by the
 * gateway, renders the document, an endpoint shows with its parameters and their descriptions,
 * and every request the page makes goes to the server itself.
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@chat/testing';
import { startWebTopology, type TopologyName, type WebTopology } from './web-topology';

jest.setTimeout(90_000);

describe.each(['embedded', 'distributed'] as TopologyName[])('the API reference in Chromium (%s)', (name) => {
  let topology: WebTopology;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];
  const failed = new Map<string, string>();

  beforeAll(async () => {
    [topology, browser] = await Promise.all([startWebTopology(name), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (req) => requested.push(req.url()));
    page.on('requestfailed', (req) => failed.set(req.url(), req.failure()?.errorText ?? ''));
    // What the page's policy refused, as the page itself hears it.
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI));`,
    });
    await page.goto(`${topology.url}/api/v1/docs`);
  });
  afterAll(async () => {
    await browser?.close();
    await topology?.stop();
  });

  it('renders "Send a message" with its parameters, their descriptions and encoding, and its examples', async () => {
    const send = page.locator('[id="operation/sendMessage"]');
    await send.waitFor({ timeout: 30_000 });
    await expect(send.locator('h2').first().textContent()).resolves.toContain('Send a stream or private message');
    for (const param of ['type', 'to', 'topic', 'content']) {
      await expect(send.locator('td[kind="field"]', { hasText: new RegExp(`^${param}`) }).count()).resolves.toBeGreaterThan(0);
    }
    const text = (await send.textContent()) ?? '';
    expect(text).toContain('as a comma-separated list or a JSON list');
    expect(text).toContain('Encoding: plain or JSON-encoded; both are accepted.');
    expect(text).toContain('--data-urlencode to=Denmark');
    await send.getByRole('tab', { name: 'Python' }).click();
    await expect(send.textContent()).resolves.toContain('client.send_message({"type": "stream", "to": "Denmark"');
  });

  it('sends no request anywhere but the server, and its policy refuses nothing the page needs', async () => {
    const origin = new URL(topology.url).origin;
    // The renderer's footer shows its maker's logo from a CDN: the page's policy blocks it in the
    // browser (img-src), so that request is announced but never leaves.
    const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
    expect(elsewhere.map((url) => [url, failed.get(url)])).toEqual(elsewhere.map((url) => [url, 'csp']));
    expect(requested).toEqual(expect.arrayContaining([`${origin}/api/v1/openapi.json`, `${origin}/api/v1/docs/redoc.standalone.js`]));
    // Only the renderer's footer logo, which it would fetch from its CDN, may be refused.
    const refused = (await page.evaluate('window.cspViolations')) as string[];
    expect(refused.filter((v) => !v.startsWith('img-src https://cdn.redoc.ly/'))).toEqual([]);
  });
});

/**
 * Debian's Chromium driven by playwright-core, for the browser suite and the web client's bench
 * (a test tool's own browser download cannot work on these machines). scripts/services.sh
 * installs Chromium where it may and says what is missing where it cannot.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH)`);
  }
  // Loaded here, not at the top: every test file imports this library, and playwright-core is
  // large enough that loading it in each of them cost the suite minutes.
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

/**
 * The embedded server's VAPID keys: generated at the first start into DATA_DIR/secrets.json (owner
 * only), the same at every later start, kept when the other generated secrets are written, and
 * never generated over keys the settings give.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@chat/config';
import { generateVapidKeys, withDevelopmentSecrets, withWebPushKeys } from '../src';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vapid-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

it('generates a pair once and keeps it beside the other secrets', () => {
  const first = withWebPushKeys(withDevelopmentSecrets(loadConfig({ DATA_DIR: dataDir })));
  expect(Buffer.from(first.webPushVapidPublicKey, 'base64url')).toHaveLength(65);
  expect(Buffer.from(first.webPushVapidPrivateKey, 'base64url')).toHaveLength(32);
  const file = join(dataDir, 'secrets.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  // A restart: the development secrets are written again, the keys stay.
  const again = withWebPushKeys(withDevelopmentSecrets(loadConfig({ DATA_DIR: dataDir })));
  expect([again.webPushVapidPublicKey, again.webPushVapidPrivateKey]).toEqual([first.webPushVapidPublicKey, first.webPushVapidPrivateKey]);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
    internalSecret: first.internalSecret,
    webPushVapidPublicKey: first.webPushVapidPublicKey,
  });
});

it('uses the keys the settings give', () => {
  const given = generateVapidKeys();
  const config = withWebPushKeys(
    loadConfig({ DATA_DIR: dataDir, WEB_PUSH_VAPID_PUBLIC_KEY: given.publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: given.privateKey }),
  );
  expect([config.webPushVapidPublicKey, config.webPushVapidPrivateKey]).toEqual([given.publicKey, given.privateKey]);
});

it('refuses one key without the other, and keys of the wrong shape, naming only the variable', () => {
  const { privateKey } = generateVapidKeys();
  expect(() => loadConfig({ WEB_PUSH_VAPID_PRIVATE_KEY: privateKey })).toThrow(
    'WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY go together',
  );
  let message = '';
  try {
    loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: 'abc', WEB_PUSH_VAPID_PRIVATE_KEY: privateKey, WEB_PUSH_VAPID_SUBJECT: 'ops@example.com' });
  } catch (err) {
    message = err instanceof Error ? err.message : '';
  }
  expect(message).toContain('WEB_PUSH_VAPID_PUBLIC_KEY must be a P-256 public key');
  expect(message).toContain('WEB_PUSH_VAPID_SUBJECT must be a mailto: address or an https:// URL');
  expect(message).not.toContain(privateKey);
});

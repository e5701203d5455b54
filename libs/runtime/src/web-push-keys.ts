import { generateKeyPairSync } from 'node:crypto';
import type { Config } from '@chat/config';
import { readStoredSecrets, writeStoredSecrets } from './secrets';

/** A new VAPID key pair (P-256) in the form WEB_PUSH_VAPID_* take: base64url of the raw point and scalar. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  if (!pub.x || !pub.y || !priv.d) throw new Error('P-256 key export lacks its coordinates');
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x, 'base64url'), Buffer.from(pub.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: priv.d };
}

/**
 * The embedded server's Web Push keys: when WEB_PUSH_VAPID_* are not set, a pair is generated at
 * the first start and kept beside the other generated secrets (DATA_DIR/secrets.json, mode 0600),
 * so browsers' subscriptions (made for one public key) stay valid across restarts. A distributed
 * deployment sets the variables instead (each process must sign with the same pair).
 */
export function withWebPushKeys(config: Config): Config {
  if (config.webPushVapidPublicKey && config.webPushVapidPrivateKey) return config;
  const stored = readStoredSecrets(config);
  let publicKey = typeof stored.webPushVapidPublicKey === 'string' ? stored.webPushVapidPublicKey : '';
  let privateKey = typeof stored.webPushVapidPrivateKey === 'string' ? stored.webPushVapidPrivateKey : '';
  if (!publicKey || !privateKey) {
    ({ publicKey, privateKey } = generateVapidKeys());
    writeStoredSecrets(config, { ...stored, webPushVapidPublicKey: publicKey, webPushVapidPrivateKey: privateKey });
  }
  return { ...config, webPushVapidPublicKey: publicKey, webPushVapidPrivateKey: privateKey };
}

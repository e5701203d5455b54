/**
 * API keys are retrievable (Zulip's clients fetch them: fetch_api_key, bots, zuliprc), so they are
 * encrypted at rest, not hashed. Look-up is by an HMAC of the key (fast and deterministic, unlike a
 * password hash, so authentication costs no slow hash per request), compared in constant time.
 * Both keys are derived from API_KEY_SECRET.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export interface ApiKeyCipher {
  encrypt(apiKey: string): string;
  decrypt(stored: string): string;
  lookupHash(apiKey: string): string;
  matches(apiKey: string, storedHash: string): boolean;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new key: 32 alphanumerics, as Zulip's generate_api_key. */
export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < 32; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

export function createApiKeyCipher(secret: string): ApiKeyCipher {
  if (!secret) throw new Error('API key secret is empty');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'chat-api-keys', info, 32));
  const encryptionKey = derive('encryption');
  const hmacKey = derive('lookup');
  const lookupHash = (apiKey: string) => createHmac('sha256', hmacKey).update(apiKey).digest('hex');
  return {
    encrypt(apiKey) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown API key format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
    lookupHash,
    matches(apiKey, storedHash) {
      const given = Buffer.from(lookupHash(apiKey), 'hex');
      const expected = Buffer.from(storedHash, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

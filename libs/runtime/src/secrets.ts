import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@chat/config';

/**
 * On a development server the two secrets may be left unset: they are generated once and kept in
 * DATA_DIR/secrets.json, so API keys stay decryptable across restarts. Production requires them
 * from the environment (loadConfig enforces it).
 */
export function withDevelopmentSecrets(config: Config): Config {
  if (config.internalSecret && config.apiKeySecret) return config;
  if (config.env === 'production') throw new Error('INTERNAL_SECRET and API_KEY_SECRET are required in production');
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'secrets.json');
  let stored: { [name: string]: unknown; internalSecret?: string; apiKeySecret?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  const secrets = {
    internalSecret: config.internalSecret || stored.internalSecret || randomBytes(32).toString('hex'),
    apiKeySecret: config.apiKeySecret || stored.apiKeySecret || randomBytes(32).toString('hex'),
  };
  // Other generated secrets kept in the file (the Web Push keys) stay as they are.
  writeFileSync(file, JSON.stringify({ ...stored, ...secrets }, null, 2), { mode: 0o600 });
  return { ...config, ...secrets };
}

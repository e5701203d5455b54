import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@chat/config';

/**
 * DATA_DIR/secrets.json: what a one-machine server generated once and keeps (mode 0600). Each
 * writer keeps the entries it does not own (the Web Push keys, the bouncer credentials).
 */
export interface StoredSecrets {
  [name: string]: unknown;
  internalSecret?: string;
  apiKeySecret?: string;
  /** The push bouncer credentials `manage register-push-server` generated (when the environment had none). */
  zulipOrgId?: string;
  zulipOrgKey?: string;
}

function secretsFile(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'secrets.json');
}

export function readStoredSecrets(config: Pick<Config, 'dataDir'>): StoredSecrets {
  const file = secretsFile(config);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets) : {};
}

export function writeStoredSecrets(config: Pick<Config, 'dataDir'>, secrets: StoredSecrets): void {
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(secretsFile(config), JSON.stringify(secrets, null, 2), { mode: 0o600 });
}

/** The push bouncer credentials from DATA_DIR/secrets.json when the environment gave none. */
function withStoredPushCredentials(config: Config, stored: StoredSecrets): Config {
  if (config.push.orgId !== '' || !stored.zulipOrgId || !stored.zulipOrgKey) return config;
  return { ...config, push: { ...config.push, orgId: stored.zulipOrgId, orgKey: stored.zulipOrgKey } };
}

/**
 * On a development server the two secrets may be left unset: they are generated once and kept in
 * DATA_DIR/secrets.json, so API keys stay decryptable across restarts. Production requires them
 * from the environment (loadConfig enforces it). Push bouncer credentials a one-machine server
 * generated are read from the same file.
 */
export function withDevelopmentSecrets(config: Config): Config {
  if (config.internalSecret && config.apiKeySecret) {
    return existsSync(secretsFile(config)) ? withStoredPushCredentials(config, readStoredSecrets(config)) : config;
  }
  if (config.env === 'production') throw new Error('INTERNAL_SECRET and API_KEY_SECRET are required in production');
  const stored = readStoredSecrets(config);
  const secrets = {
    internalSecret: config.internalSecret || stored.internalSecret || randomBytes(32).toString('hex'),
    apiKeySecret: config.apiKeySecret || stored.apiKeySecret || randomBytes(32).toString('hex'),
  };
  writeStoredSecrets(config, { ...stored, ...secrets });
  return withStoredPushCredentials({ ...config, ...secrets }, stored);
}

/** Keeps generated push bouncer credentials in DATA_DIR/secrets.json, beside the other secrets. */
export function storePushCredentials(config: Pick<Config, 'dataDir'>, orgId: string, orgKey: string): void {
  writeStoredSecrets(config, { ...readStoredSecrets(config), zulipOrgId: orgId, zulipOrgKey: orgKey });
}

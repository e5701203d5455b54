/**
 * The test run's OpenID Provider: global setup starts ./oidc-provider-server.mjs in a child
 * process (oidc-provider is ESM-only) on a free port, registered with the redirect URI of the
 * test configuration's host, and hands its issuer to the test files through TEST_OIDC_ISSUER.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '@chat/config';
import { testConfig } from './config';

const ISSUER_VARIABLE = 'TEST_OIDC_ISSUER';
export const TEST_OIDC_CLIENT = { clientId: 'chat-test', clientSecret: 'chat-test-secret-0123456789' };

/** Global setup: the provider, listening once this resolves. */
export async function startTestOidcProvider(): Promise<{ close(): Promise<void> }> {
  const redirectUri = `http://${testConfig().externalHost}/complete/oidc/`;
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider-server.mjs'), redirectUri], {
    // Its start-up warnings (development keys and interactions) are what a test provider is.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the test OpenID Provider exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
  });
  child.removeAllListeners('exit');
  process.env[ISSUER_VARIABLE] = issuer;
  return {
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** The configuration overrides that sign in with the run's provider. */
export function testOidcOverrides(overrides: Partial<NonNullable<Config['oidc']>> = {}): Pick<Config, 'oidc'> {
  const issuer = process.env[ISSUER_VARIABLE];
  if (!issuer) throw new Error(`${ISSUER_VARIABLE} is unset: the OpenID Provider is started by jest's global setup (libs/testing)`);
  return { oidc: { issuer, ...TEST_OIDC_CLIENT, displayName: 'Test IdP', iconUrl: '', ...overrides } };
}

/** Registers (or changes) an account of the run's provider: its subject and the claims it gives. */
export async function setTestOidcAccount(account: { sub: string; email: string; email_verified: boolean; name: string }): Promise<void> {
  const issuer = process.env[ISSUER_VARIABLE]!;
  const res = await fetch(`${issuer}/test-accounts`, { method: 'POST', body: JSON.stringify(account) });
  if (res.status !== 204) throw new Error(`the test OpenID Provider refused the account (${res.status})`);
}

/** A new account of the run's provider with this address (its subject fresh), e.g. `newTestOidcAccount('hamlet@zulip.com')`. */
export async function newTestOidcAccount(email: string, emailVerified = true, name = 'Rosa Linde'): Promise<string> {
  const sub = `sub-${randomBytes(4).toString('hex')}`;
  await setTestOidcAccount({ sub, email, email_verified: emailVerified, name });
  return sub;
}

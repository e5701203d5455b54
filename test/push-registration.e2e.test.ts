/**
 * `manage register-push-server` as an operator types it, against a local bouncer implementing
 * Zulip's `server/register`: it refuses to run without the bouncer setting or the operator's
 * agreement to the bouncer's terms, registers with generated credentials kept in
 * DATA_DIR/secrets.json (the key never printed), updates the registration when run again, and
 * server_settings then reports push notifications as enabled.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { withDevelopmentSecrets } from '@chat/runtime';
import { startStandalone } from '@chat/standalone';
import { startPushBouncer, testConfig, testLogger, type TestPushBouncer } from '@chat/testing';
import { ROOT } from './process.harness';

jest.setTimeout(180_000);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function manage(args: string, env: Record<string, string>): Promise<Run> {
  const { NODE_OPTIONS: _jestFlags, JEST_WORKER_ID: _worker, ...parentEnv } = process.env;
  return new Promise((resolve) => {
    execFile('sh', ['-c', `npm run --silent manage -- ${args}`], { cwd: ROOT, env: { ...parentEnv, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const errorLine = (run: Run) => run.stderr.split('\n').find((line) => line.startsWith('error: '));

describe('manage register-push-server', () => {
  const config = testConfig();
  let bouncer: TestPushBouncer;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    bouncer = await startPushBouncer();
    dataDir = mkdtempSync(join(tmpdir(), 'chat-push-'));
    env = {
      DATA_DIR: dataDir,
      API_KEY_SECRET: config.apiKeySecret,
      INTERNAL_SECRET: config.internalSecret,
      DATABASE_URL: '',
      EXTERNAL_HOST: 'chat.example.com',
      LOG_LEVEL: 'warn',
      PUSH_NOTIFICATION_BOUNCER_URL: bouncer.url,
      PUSH_NOTIFICATION_BOUNCER_ALLOW_PRIVATE: 'true',
    };
    const first = await startStandalone({ config: { ...config, dataDir }, logger: testLogger(), pgliteDir: join(dataDir, 'pglite') });
    await first.stop();
  });
  afterAll(async () => {
    await bouncer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('needs the bouncer setting and the agreement to its terms', async () => {
    const unset = await manage('register-push-server --contact-email admin@example.com --agree-to-terms-of-service', {
      ...env,
      PUSH_NOTIFICATION_BOUNCER_URL: '',
    });
    expect(unset.code).toBe(1);
    expect(errorLine(unset)).toMatch(/^error: PUSH_NOTIFICATION_BOUNCER_URL is not set/);
    const unagreed = await manage('register-push-server --contact-email admin@example.com', env);
    expect(unagreed.code).toBe(1);
    expect(errorLine(unagreed)).toBe(
      `error: Registering means using the service at ${bouncer.url} under its terms of service; read them, then run again with --agree-to-terms-of-service.`,
    );
    expect(bouncer.servers.size).toBe(0);
  });

  it('registers with generated credentials, kept as secrets, then updates the registration', async () => {
    const run = await manage('register-push-server --contact-email admin@example.com --agree-to-terms-of-service', env);
    expect(run.code).toBe(0);
    const stored = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { zulipOrgId: string; zulipOrgKey: string };
    expect(stored.zulipOrgKey).toMatch(/^[0-9a-f]{64}$/);
    expect(bouncer.servers.get(stored.zulipOrgId)).toEqual({
      key: stored.zulipOrgKey,
      hostname: 'chat.example.com',
      contactEmail: 'admin@example.com',
    });
    expect(run.stdout).toContain(`This server is registered with the push bouncer at ${bouncer.url}.`);
    expect(run.stdout).toContain(`Its id: ${stored.zulipOrgId}.`);
    expect(run.stdout + run.stderr).not.toContain(stored.zulipOrgKey);

    const again = await manage('register-push-server --contact-email ops@example.com --agree-to-terms-of-service', env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('registration with the push bouncer');
    expect(bouncer.servers.get(stored.zulipOrgId)?.contactEmail).toBe('ops@example.com');

    const push = { ...config.push, bouncerUrl: bouncer.url, allowPrivate: true };
    const server = await startStandalone({
      config: withDevelopmentSecrets({ ...config, dataDir, push }),
      logger: testLogger(),
      pgliteDir: join(dataDir, 'pglite'),
    });
    try {
      const settings = await request(server.app).get('/api/v1/server_settings');
      expect(settings.body.push_notifications_enabled).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('a key the bouncer does not know is refused with its words', async () => {
    const run = await manage('register-push-server --contact-email admin@example.com --agree-to-terms-of-service', {
      ...env,
      ZULIP_ORG_ID: [...bouncer.servers.keys()][0]!,
      ZULIP_ORG_KEY: 'x'.repeat(64),
    });
    expect(run.code).toBe(1);
    expect(errorLine(run)).toMatch(
      /^error: The push bouncer refused the registration: Zulip server auth failure: key does not match role /,
    );
  });
});

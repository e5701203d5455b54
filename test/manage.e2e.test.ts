/**
 * The operator's walkthrough with `manage` as typed (`npm run --silent manage -- ...`): a realm, a
 * user in it and their zuliprc redirected to a file that Zulip's Python client reads; the realm
 * answers on its subdomain and the development realm stays on the bare host. `manage` names the
 * database it opened, and refuses a DATA_DIR that holds none instead of creating one.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { startStandalone } from '@chat/standalone';
import { basicAuth, testConfig, testLogger } from '@chat/testing';
import { ROOT } from './process.harness';

jest.setTimeout(180_000);

const PORT = '9555';
const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Zulip's Python bindings where the development workspace has them; the INI parser otherwise. */
const PYTHON_ZULIP = '/work/clients/python-zulip-api/zulip';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A shell command line, as an operator types it, in the repository. */
function sh(line: string, env: Record<string, string>): Promise<Run> {
  const { NODE_OPTIONS: _jestFlags, JEST_WORKER_ID: _worker, ...parentEnv } = process.env;
  return new Promise((resolve) => {
    execFile('sh', ['-c', line], { cwd: ROOT, env: { ...parentEnv, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** What Zulip's client takes from a zuliprc: its e-mail, key and API base URL. */
async function readByZulipClient(file: string): Promise<{ email: string; api_key: string; base_url: string }> {
  const script = [
    'import json, sys',
    'try:',
    '    import zulip',
    '    c = zulip.Client(config_file=sys.argv[1])',
    '    print(json.dumps({"email": c.email, "api_key": c.api_key, "base_url": c.base_url}))',
    'except ImportError:',
    '    import configparser',
    '    p = configparser.ConfigParser(); p.read(sys.argv[1])',
    '    print(json.dumps({"email": p["api"]["email"], "api_key": p["api"]["key"], "base_url": p["api"]["site"] + "/api/"}))',
  ].join('\n');
  const run = await sh(`python3 -c '${script}' '${file}'`, { PYTHONPATH: existsSync(PYTHON_ZULIP) ? PYTHON_ZULIP : '' });
  if (run.code !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { email: string; api_key: string; base_url: string };
}

describe('manage, as an operator types it', () => {
  const config = testConfig();
  let dataDir: string;
  let env: Record<string, string>;
  const manage = (args: string) => sh(`npm run --silent manage -- ${args}`, env);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-manage-'));
    env = {
      DATA_DIR: dataDir,
      PORT,
      API_KEY_SECRET: config.apiKeySecret,
      INTERNAL_SECRET: config.internalSecret,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a DATA_DIR without a database in one line, creating nothing', async () => {
    const empty = join(dataDir, 'nothing-here');
    const run = await sh(`npm run --silent manage -- print-zuliprc hamlet@zulip.com`, { ...env, DATA_DIR: empty });
    expect(run.code).toBe(1);
    expect(
      run.stderr
        .trim()
        .split('\n')
        .filter((line) => !/^(npm warn|\[setup\])/.test(line)),
    ).toEqual([
      `error: no database in ${empty}/pglite (DATA_DIR, default ./data): start the server once with the same DATA_DIR (npm start creates it), or set DATABASE_URL.`,
    ]);
    expect(existsSync(empty)).toBe(false);
  });

  it('refuses an unmigrated PostgreSQL database in one line, naming it without its password', async () => {
    const database = `chat_unmigrated_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    try {
      const url = `postgres://postgres:hunter2@127.0.0.1:5432/${database}`;
      const run = await sh('npm run --silent manage -- print-zuliprc hamlet@zulip.com', { ...env, DATABASE_URL: url });
      expect(run.code).toBe(1);
      expect(
        run.stderr
          .trim()
          .split('\n')
          .filter((line) => !/^(npm warn|\[setup\])/.test(line)),
      ).toEqual([
        `error: PostgreSQL postgres://postgres:***@127.0.0.1:5432/${database}: the database has not been migrated: run this release's migrate job (node dist/migrate.js) first; npm run start:distributed migrates too.`,
      ]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it("creates a realm and a user whose redirected zuliprc Zulip's client reads and the server accepts", async () => {
    const first = await startStandalone({ config, logger: testLogger(), pgliteDir: join(dataDir, 'pglite') });
    await first.stop();

    const realm = await manage('create-realm --string-id acme --name Acme --email-domain acme.test');
    expect(realm.stdout).toMatch(
      new RegExp(`^Created realm 'acme' \\(id \\d+\\) at http://acme\\.localhost:${PORT}; name it with --realm acme\\.\\n$`),
    );
    expect(realm.stderr).toContain(`manage: PGlite ${dataDir}/pglite\n`);
    writeFileSync(join(dataDir, 'password'), 'a long password\n');
    const user = await manage(
      `create-user --realm acme --email ann@acme.test --full-name Ann --password-file ${join(dataDir, 'password')}`,
    );
    expect(user.stdout).toMatch(/^Created user ann@acme\.test \(id \d+\) in realm 'acme'\.\n$/);

    const ambiguous = await manage('print-zuliprc ann@acme.test');
    expect(ambiguous).toMatchObject({ code: 1, stdout: '' });
    expect(ambiguous.stderr).toContain("error: The server has realms 'zulip', 'acme': name one with --realm <string_id>.");

    const zuliprc = join(dataDir, 'zuliprc');
    const redirected = await sh(`npm run --silent manage -- print-zuliprc ann@acme.test --realm acme > ${zuliprc}`, env);
    expect(redirected.code).toBe(0);
    const read = await readByZulipClient(zuliprc);
    expect(read).toEqual({
      email: 'ann@acme.test',
      api_key: expect.stringMatching(/^\w{32}$/),
      base_url: `http://acme.localhost:${PORT}/api/`,
    });

    const written = join(dataDir, 'zuliprc-output');
    const output = await manage(`print-zuliprc ann@acme.test --realm acme --output ${written}`);
    expect(output.stdout).toBe('');
    expect(output.stderr).toContain(`Wrote ${written} for ann@acme.test (site http://acme.localhost:${PORT}).`);
    expect(readFileSync(written, 'utf8')).toBe(readFileSync(zuliprc, 'utf8'));
    expect(statSync(written).mode & 0o777).toBe(0o600);

    const server = await startStandalone({ config, logger: testLogger(), pgliteDir: join(dataDir, 'pglite') });
    try {
      const acmeHost = `acme.localhost:${PORT}`;
      const me = await request(server.app)
        .get('/api/v1/users/me')
        .set('Host', acmeHost)
        .set('Authorization', basicAuth(read.email, read.api_key));
      expect(me.body).toMatchObject({ result: 'success', email: 'ann@acme.test', full_name: 'Ann' });
      const login = await request(server.app)
        .post('/api/v1/fetch_api_key')
        .set('Host', acmeHost)
        .type('form')
        .send({ username: 'ann@acme.test', password: 'a long password' });
      expect(login.body.api_key).toBe(read.api_key);
      // The development realm is still the bare host's.
      const hamlet = await request(server.app)
        .post('/api/v1/dev_fetch_api_key')
        .set('Host', `127.0.0.1:${PORT}`)
        .type('form')
        .send({ username: 'hamlet@zulip.com' });
      expect(hamlet.body).toMatchObject({ result: 'success', email: 'hamlet@zulip.com' });
    } finally {
      await server.stop();
    }
  });
});

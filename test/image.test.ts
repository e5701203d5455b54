/**
 * deploy/Dockerfile without Docker: its stages and instructions are parsed and checked against
 * the build they package, and its two build steps are run for real: deploy/build.ts into a
 * temporary dist/, and the `pnpm deploy` line (taken from the Dockerfile itself) into a temporary
 * /out, from which every bundle must find every package it requires and start.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, parse, relative } from 'node:path';
import { freePort, waitFor } from '@chat/testing';
import { buildAll, ENTRIES, WORKERS } from '../deploy/build';
import { ROOT } from './process.harness';

interface Instruction {
  op: string;
  args: string;
}

/** Dockerfile instructions, with line continuations joined and comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

function stages(instructions: Instruction[]): { from: string; name?: string; body: Instruction[] }[] {
  const result: { from: string; name?: string; body: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.op === 'FROM') {
      const [image, as, name] = instruction.args.split(/\s+/);
      result.push({ from: image!, name: as?.toUpperCase() === 'AS' ? name : undefined, body: [] });
    } else {
      result.at(-1)!.body.push(instruction);
    }
  }
  return result;
}

const dockerfile = parseDockerfile(readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8'));

describe('deploy/Dockerfile', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'chat-image-'));
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
    // pnpm deploy also links the deployed packages' bin scripts into a second copy of the target's
    // absolute path, joined to the workspace root or one of its parents depending on how deep the
    // checkout is (<repo>/tmp/chat-image-*/out/node_modules/.bin). The temporary folder's name is
    // unique, so removing that path wherever it appeared removes nothing else.
    const target = relative(parse(work).root, work);
    for (let dir = ROOT; dir !== dirname(dir); dir = dirname(dir)) {
      const stray = join(dir, target);
      if (!existsSync(stray)) continue;
      rmSync(stray, { recursive: true, force: true });
      if (readdirSync(dirname(stray)).length === 0) rmdirSync(dirname(stray));
    }
  });

  it('is a two-stage build whose runtime stage runs dist/${SERVICE}.js as an unprivileged user', () => {
    const [build, runtime, ...more] = stages(dockerfile);
    expect(more).toEqual([]);
    expect(build!.name).toBe('build');
    expect(build!.from).toMatch(/^node:20/);
    expect(runtime!.from).toMatch(/^node:20/);
    const ops = (op: string) => runtime!.body.filter((i) => i.op === op).map((i) => i.args);
    expect(ops('COPY')).toContain('--from=build /out /app');
    const arg = ops('ARG').find((a) => a.startsWith('SERVICE='));
    expect(arg).toBeDefined();
    // The default process and every process the image can run are entries of the build.
    expect(Object.keys(ENTRIES)).toContain(arg!.split('=')[1]);
    expect(Object.keys(ENTRIES).sort()).toEqual([
      'event-queue',
      'gateway',
      'manage',
      'message',
      'migrate',
      'settings',
      'standalone',
      'subscription',
      'webhook',
    ]);
    expect(ops('USER')).toEqual(['node']);
    expect(ops('CMD')[0]).toContain('exec node --enable-source-maps dist/${SERVICE}.js');
    expect(ops('ENV').join(' ')).toContain('CHAT_ENV=production');
    // The gateway's web client, copied beside the bundles by the build stage.
    expect(ops('ENV').join(' ')).toContain('WEB_DIR=/app/dist/web');
    expect(build!.body.some((i) => i.op === 'RUN' && i.args.includes('cp -r apps/web/dist /out/dist/web'))).toBe(true);
  });

  it('gives the build stage, before pnpm install, the tools native dependencies compile with', () => {
    // re2 (linkifiers) is built by node-gyp when no prebuilt binary can be had: g++, make, python3.
    const runs = stages(dockerfile)[0]!
      .body.filter((i) => i.op === 'RUN')
      .map((i) => i.args);
    const tools = runs.findIndex(
      (run) => /apt-get install/.test(run) && ['g++', 'make', 'python3'].every((tool) => run.split(/\s+/).includes(tool)),
    );
    expect(tools).toBeGreaterThanOrEqual(0);
    expect(tools).toBeLessThan(runs.findIndex((run) => run.startsWith('pnpm install')));
  });

  it('packages what the build produces: one bundle per entry and its workers', async () => {
    const dist = join(work, 'dist');
    await buildAll(dist, 'warning');
    for (const name of Object.keys(ENTRIES)) expect(existsSync(join(dist, `${name}.js`))).toBe(true);
    // Worker-thread modules beside the bundles, where the render pool looks for its worker.
    for (const name of Object.keys(WORKERS)) expect(existsSync(join(dist, `${name}.js`))).toBe(true);
  }, 60_000);

  it('its pnpm deploy step gives every bundle the packages it requires, and the bundles start', () => {
    const dist = join(work, 'dist');
    expect(existsSync(dist)).toBe(true);
    const step = dockerfile.find((i) => i.op === 'RUN' && i.args.includes(' deploy '))!;
    const command = step.args.split('&&')[0]!.trim().split(/\s+/);
    expect(command[0]).toBe('pnpm');
    const out = join(work, 'out');
    const args = command.slice(1).map((a) => (a === '/out' ? out : a));
    execFileSync('npx', ['-y', 'pnpm@10.34.9', ...args, '--reporter=append-only'], { cwd: ROOT, stdio: 'pipe', timeout: 240_000 });
    cpSync(dist, join(out, 'dist'), { recursive: true });

    // Every bare require() left in the bundles (third-party, by build.ts's rule) resolves from /app/dist.
    const missing: string[] = [];
    for (const file of readdirSync(join(out, 'dist')).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(out, 'dist', file), 'utf8');
      for (const [, name] of text.matchAll(/require\("([^."/][^"]*)"\)/g)) {
        if (name!.startsWith('node:') || builtinModules.includes(name!.split('/')[0]!)) continue;
        try {
          require.resolve(name!, { paths: [join(out, 'dist')] });
        } catch {
          missing.push(`${file}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Native addons arrive built: re2 loads and matches from the deployed node_modules.
    const re2 = spawnSync(process.execPath, ['-e', 'process.stdout.write(new (require("re2"))("a+b", "u").exec("xaab")[0])'], {
      cwd: join(out, 'dist'),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect([re2.stdout, re2.stderr]).toEqual(['aab', '']);
    // And the process entries load: migrate stops at its first check, after every import ran.
    const run = spawnSync(process.execPath, ['dist/migrate.js'], {
      cwd: out,
      env: { PATH: process.env.PATH, CHAT_ENV: 'production', API_KEY_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr.trim()).toBe('DATABASE_URL must name the PostgreSQL database to migrate');
    expect(run.status).toBe(1);
  }, 300_000);

  it('the embedded server built into dist/ renders in its render pool, whose worker it finds beside the bundle, and serves the emoji images', async () => {
    const out = join(work, 'out');
    expect(existsSync(join(out, 'dist', 'standalone.js'))).toBe(true);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/v1`;
    const server = spawn(process.execPath, ['dist/standalone.js'], {
      cwd: out,
      env: {
        PATH: process.env.PATH,
        CHAT_ENV: 'development',
        DATA_DIR: join(work, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      const up = async (): Promise<boolean> => {
        if (server.exitCode !== null) throw new Error('dist/standalone.js exited while starting');
        return fetch(`${url}/server_settings`).then(
          (r) => r.ok,
          () => false,
        );
      };
      await waitFor(up, 60_000, { stepMs: 500, what: 'dist/standalone.js answering' });
      const key = (await (
        await fetch(`${url}/dev_fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'hamlet@zulip.com' }) })
      ).json()) as {
        api_key: string;
      };
      const res = await fetch(`${url}/messages/render`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`hamlet@zulip.com:${key.api_key}`).toString('base64')}` },
        body: new URLSearchParams({ content: '**bold** @**King Hamlet**' }),
      });
      expect(await res.json()).toMatchObject({
        result: 'success',
        rendered: expect.stringMatching(
          /^<p><strong>bold<\/strong> <span class="user-mention" data-user-id="\d+">@King Hamlet<\/span><\/p>$/,
        ),
      });
      // The emoji images come with the deployed packages.
      const emoji = await fetch(`http://127.0.0.1:${port}/static/generated/emoji/images-google-64/1f44d.png`);
      expect([
        emoji.status,
        emoji.headers.get('content-type'),
        Buffer.from(await emoji.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ]).toEqual([200, 'image/png', 'PNG']);
    } finally {
      server.kill('SIGTERM');
    }
    // The graceful shutdown closes the render pool with the rest and exits 0.
    expect(await exited).toBe(0);
  }, 180_000);
});

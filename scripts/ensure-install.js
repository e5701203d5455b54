#!/usr/bin/env node
// Installs the workspace's dependencies with a pinned pnpm (through npx, since corepack cannot
// download pnpm everywhere) when they are missing or older than the lockfile. Plain JavaScript on
// purpose: it runs before TypeScript tooling exists.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const PNPM = 'pnpm@10.34.9';
const root = path.resolve(__dirname, '..');
const marker = path.join(root, 'node_modules', '.modules.yaml');
const lockfile = path.join(root, 'pnpm-lock.yaml');

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function install() {
  const args = ['-y', PNPM, 'install', '--reporter=append-only'];
  if (process.env.CI && fs.existsSync(lockfile)) args.push('--frozen-lockfile');
  console.error(`[setup] installing dependencies with ${PNPM} ...`);
  execFileSync('npx', args, { cwd: root, stdio: 'inherit' });
}

const installed = mtime(marker);
const stale = installed === 0 || mtime(lockfile) > installed || mtime(path.join(root, 'package.json')) > installed;
if (stale) install();

// Native addons pnpm compiles at install (package.json's pnpm.onlyBuiltDependencies), each with a
// workspace package that depends on it. An up-to-date node_modules can still lack a working one:
// installed before the addon was allowed to build (pnpm 10 then skips it silently), a build that
// failed or was interrupted, or a Node of another ABI since. Loading it is the sure check, and
// takes milliseconds.
const NATIVE = [{ name: 're2', from: 'libs/markdown' }];

/** Why the addon does not load ('missing' when the package itself is not installed), or null. */
function loadProblem({ name, from }) {
  let file;
  try {
    file = require.resolve(name, { paths: [path.join(root, from)] });
  } catch {
    return 'missing';
  }
  try {
    require(file);
    return null;
  } catch (err) {
    return String(err && err.message).split('\n')[0];
  }
}

let broken = NATIVE.filter((addon) => loadProblem(addon) !== null);
if (broken.length > 0 && !stale && broken.some((addon) => loadProblem(addon) === 'missing')) install();
broken = broken.filter((addon) => loadProblem(addon) !== null);
if (broken.length > 0) {
  const names = broken.map((addon) => addon.name);
  // re2 has no prebuilt binary reachable everywhere: node-gyp compiles it (g++, make, python3).
  console.error(`[setup] building ${names.join(', ')} with node-gyp (needs g++, make and python3) ...`);
  execFileSync('npx', ['-y', PNPM, 'rebuild', '--recursive', '--reporter=append-only', ...names], { cwd: root, stdio: 'inherit' });
  for (const addon of broken) {
    const problem = loadProblem(addon);
    if (problem !== null) {
      console.error(`[setup] ${addon.name} does not load after its build: ${problem}`);
      process.exit(1);
    }
  }
}

// The web client the gateway serves at `/`, rebuilt when its sources changed.
require('./build-web').buildWeb(false);

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

const installed = mtime(marker);
const stale = installed === 0 || mtime(lockfile) > installed || mtime(path.join(root, 'package.json')) > installed;
if (stale) {
  const args = ['-y', PNPM, 'install', '--reporter=append-only'];
  if (process.env.CI && fs.existsSync(lockfile)) args.push('--frozen-lockfile');
  console.error(`[setup] installing dependencies with ${PNPM} ...`);
  execFileSync('npx', args, { cwd: root, stdio: 'inherit' });
}

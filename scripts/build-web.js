#!/usr/bin/env node
// Builds the web client (apps/web, Vite) into apps/web/dist when the build is missing or older
// than its sources, so `npm start` and the tests always serve the current app; `--force` builds
// regardless. Plain JavaScript: it runs before TypeScript tooling, from ensure-install.js.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const web = path.join(root, 'apps', 'web');
const built = path.join(web, 'dist', 'index.html');
// What the bundle is made of: the app, and the workspace libraries it imports.
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'libs/contracts/src',
  'libs/events/src',
  'libs/errors/src',
];

function newest(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(file).reduce((max, name) => Math.max(max, newest(path.join(file, name))), stat.mtimeMs);
}

function buildWeb(force) {
  const builtAt = newest(built);
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (!force && builtAt > 0 && builtAt >= sourcesAt) return;
  console.error('[setup] building the web client (apps/web) with vite ...');
  execFileSync(path.join(web, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}

if (require.main === module) buildWeb(process.argv.includes('--force'));
module.exports = { buildWeb };

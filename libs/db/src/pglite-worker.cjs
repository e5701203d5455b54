'use strict';
/**
 * The PGlite worker's entry when the workspace runs from TypeScript source (`npm start` under
 * tsx, jest under swc). A worker thread starts a fresh module system: it inherits neither jest's
 * transform nor, reliably, the loader its parent was started with. So this plain CommonJS file
 * loads the task module through tsx's scoped require, which compiles it and everything it imports.
 * The production build bundles the task module into dist/pglite-worker.js instead (deploy/build.ts),
 * and never loads this file or tsx.
 */
const { require: tsxRequire } = require('tsx/cjs/api');

module.exports = tsxRequire('./pglite-worker-task.ts', __filename);

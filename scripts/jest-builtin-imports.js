// Jest transform for PGlite's CommonJS build, which loads Node's built-in modules with dynamic
// `import("fs/promises")`. Inside jest's sandbox a dynamic import needs --experimental-vm-modules,
// and that path (V8's import callback on vm scripts) is where Node has crashed the whole test
// process with SIGSEGV. A built-in module is the same object through require, so each such import
// becomes a resolved require and the suite runs without the flag. The module's own `require` is
// kept under another name first: Emscripten's code declares a local `var require` of its own.
'use strict';
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { isBuiltin } = require('node:module');

const OWN_SOURCE = readFileSync(__filename, 'utf8');
const DYNAMIC_IMPORT = /\bimport\((["'])([\w:/.-]+)\1\)/g;
const ALIAS = '__jestBuiltinRequire';
/** The alias goes after a leading "use strict", which must stay the first statement. */
const DIRECTIVE = /^\s*(["'])use strict\1;?/;

module.exports = {
  process(source) {
    const body = source.replace(DYNAMIC_IMPORT, (call, _quote, name) =>
      isBuiltin(name) ? `Promise.resolve(${ALIAS}(${JSON.stringify(name)}))` : call,
    );
    const directive = DIRECTIVE.exec(body)?.[0] ?? '';
    return { code: `${directive}const ${ALIAS} = require;${body.slice(directive.length)}` };
  },
  getCacheKey(source, path) {
    return createHash('sha256').update(OWN_SOURCE).update(path).update(source).digest('hex');
  },
};

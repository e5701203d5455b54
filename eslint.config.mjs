// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettierConfig from 'eslint-config-prettier';

/**
 * The package boundaries. A package is used through its entry (its package.json main), never its
 * files; libraries never import services; a service never imports another service. Only the
 * composition roots (services/standalone, deploy/, bench/, test/) assemble several services.
 */
const PACKAGE_ENTRY_ONLY = [
  { regex: '^@chat/[^/]+/', message: 'Import a package by its name (its entry), not its files: export what is needed from its index.' },
  { regex: '^(\\.\\./)+(libs|services)/', message: 'Reach another package by its name, not by a relative path.' },
  { regex: '^(\\.\\./)+(?!src/)[a-z-]+/src(/|$)', message: 'Reach another package by its name, not by a relative path.' },
];
const NO_SERVICES = { regex: '^@chat/([a-z-]+-service|standalone)$', message: 'A library never imports a service.' };
const boundaries = (...extra) => ({ 'no-restricted-imports': ['error', { patterns: [...PACKAGE_ENTRY_ONLY, ...extra] }] });

/** knex and pg calls whose first argument is SQL text. */
const SQL_TEXT_METHODS = '/^(raw|query|(and|or)?[wW]hereRaw|havingRaw|orderByRaw|selectRaw|joinRaw|groupByRaw|fromRaw|onRaw)$/';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'data/**', 'bench/results/**', 'coverage/**', 'scripts/*.js', 'apps/web/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware: a promise nobody awaits loses its rejection (an unhandled rejection ends the
    // process), and so does an async function passed where the caller ignores what it returns (a
    // timer, an event listener, a DOM handler). Every TypeScript file is in tsconfig.json or apps/web's,
    // so the project service finds its program; the few JavaScript files (config, workers' CommonJS
    // entries) hold no promises and stay untyped. A knex query builder is a thenable, so a builder callback
    // (where((q) => { ... })) has a block body: it adds to the builder and returns nothing.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['jest.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    // CommonJS that runs untranspiled in a worker thread (libs/render-pool/src/worker.cjs).
    files: ['libs/*/src/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __filename: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['libs/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    ignores: ['libs/testing/**'],
    rules: {
      // SQL text is a literal or a module constant; every value a request can influence travels as a
      // bound parameter (`?`, `??` for identifiers), so no request data is ever pasted into SQL.
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=${SQL_TEXT_METHODS}] > :matches(TemplateLiteral[expressions.length>0], BinaryExpression[operator='+']).arguments:first-child`,
          message: 'SQL text built from values: bind them (? and ??) or name a module constant.',
        },
        {
          // whereIn keeps subqueries (a query builder made in place); a list of values goes as one array.
          selector: `CallExpression[callee.property.name=/^(orW|andW|w)here(Not)?In$/] > :matches(ArrayExpression, Identifier, MemberExpression, SpreadElement, CallExpression[callee.property.name=/^(map|filter|slice|concat|flat|flatMap|from|sort)$/]).arguments:nth-child(2)`,
          message:
            'whereIn binds one parameter per element (PostgreSQL allows 65,535): use anyOf/noneOf from @chat/db (one array parameter), or pass a subquery built in place.',
        },
      ],
    },
  },
  { files: ['**/*.ts'], rules: boundaries() },
  { files: ['libs/**/*.ts'], rules: boundaries(NO_SERVICES) },
  {
    // The database library is the tables and the statements on them. What carries committed rows
    // onward (the outbox relay to the bus, the job dispatcher to the jobs) is @chat/dispatch.
    files: ['libs/db/**/*.ts'],
    rules: boundaries(NO_SERVICES, {
      regex: '^@chat/(bus|jobs)$',
      message: '@chat/db is the database only: what publishes to the bus or enqueues jobs lives in @chat/dispatch.',
    }),
  },
  {
    // The declarations and the typed client load in a browser too.
    files: ['libs/contracts/src/**/*.ts'],
    rules: boundaries(NO_SERVICES, {
      regex: '^(node:|(?!@chat/(errors|events)$)@chat/|express|ajv|knex|pg$|ioredis)',
      message:
        'The contracts run in a browser as well: no Node modules, no server libraries, of ours only @chat/errors and @chat/events ' +
        '(browser-safe TypeBox schemas, which answers declared by schema reuse: a message dict is one schema wherever it appears).',
    }),
  },
  {
    // Events are built and validated in a browser too (the event map is plain TypeBox).
    files: ['libs/events/src/**/*.ts'],
    rules: boundaries(NO_SERVICES, {
      regex:
        '^(node:|@chat/|express|knex|pg$|ioredis|(crypto|fs|path|os|util|stream|buffer|http|https|net|zlib|child_process|worker_threads)$)',
      message: 'libs/events runs in a browser as well: no Node modules, no server libraries, none of our other packages.',
    }),
  },
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/standalone/**'],
    rules: boundaries({ ...NO_SERVICES, message: 'A service never imports another service: shared reads and views live in libs/.' }),
  },
  {
    // The web client (apps/web): TSX for the browser. Type-aware globals come from its tsconfig
    // (lib DOM); its pure modules (src/lib) import neither the DOM nor Preact, so they run in jest.
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    files: ['apps/web/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PACKAGE_ENTRY_ONLY,
            { regex: '^(preact|@preact/)', message: 'apps/web/src/lib is pure state logic: no Preact, so jest runs it in Node.' },
          ],
        },
      ],
    },
  },
  {
    // Tests wait on conditions, never for a fixed time: a sleep stands for something (a message
    // delivered, a poll parked, a process up) that a test can wait for instead, and a fixed time
    // is too long on a quiet machine and too short on a busy one. The one timer tests may use is
    // in libs/testing/src/waits.ts: the step between two checks of a condition, and the named
    // window that proves something does NOT happen (provesNothingHappensFor), so that file is
    // the single place exempt.
    files: ['**/*.test.{ts,tsx}', '{libs,services,apps,k8s}/**/test/**/*.{ts,tsx}', 'test/**/*.ts', 'libs/testing/src/**/*.ts'],
    ignores: ['libs/testing/src/waits.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          // new Promise((resolve) => setTimeout(resolve, ms)), and any timer with a delay inside a promise
          "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.length>=2]",
          // setTimeout(resolve, ms) elsewhere: a timer that only wakes whoever waits
          "CallExpression[callee.name='setTimeout'][arguments.length>=2][arguments.0.type='Identifier']:not(NewExpression[callee.name='Promise'] CallExpression)",
          // sleep(ms) and its aliases, and Playwright's page.waitForTimeout(ms)
          'CallExpression[callee.name=/^(sleep|delay|pause|wait)$/]',
          "CallExpression[callee.property.name='waitForTimeout']",
          // import { setTimeout } from 'node:timers/promises'
          'ImportDeclaration[source.value=/^(node:)?timers\\u002Fpromises$/]',
        ].map((selector) => ({
          selector,
          message:
            'A fixed sleep: wait on the condition it stands for with waitFor, waitForValue or waitForSuccess from @chat/testing; to prove that nothing happens, provesNothingHappensFor(ms, happened, what).',
        })),
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Last: turns off the rules that judge layout, which Prettier owns (npm run check runs it).
  prettierConfig,
);

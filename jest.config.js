/** Every test in the workspace; TypeScript is compiled by swc (type checking is `tsc --noEmit`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/test', '<rootDir>/k8s', '<rootDir>/apps'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }],
    '/@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/scripts/jest-builtin-imports.js',
    // ESM-only packages, compiled to CommonJS as our own code is: those under otplib (TOTP), and
    // openid-client with its dependencies.
    '/node_modules/(@scure/base|@noble/hashes|openid-client|oauth4webapi|jose)/.+\\.js$': [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // node_modules is not transformed, except PGlite's build (see scripts/jest-builtin-imports.js)
  // and the ESM-only packages above.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/(@electric-sql\\+pglite|@scure\\+base|@noble\\+hashes)[^/]*/node_modules/)?(@electric-sql/pglite|@scure/base|@noble/hashes)/|(\\.pnpm/[^/]+/node_modules/)?(openid-client|oauth4webapi|jose)/)',
  ],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  setupFiles: ['<rootDir>/libs/testing/src/setup-file.ts'],
  testTimeout: 30000,
  // Two workers, one per core of the CI machine. In one process (--runInBand) every suite's heap
  // stayed behind and collecting it slowed the later suites: the whole run took 52 minutes there
  // and 19 with two workers, each replaced once its memory passes the limit after a file.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1500MB',
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};

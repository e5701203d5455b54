/** Every test in the workspace; TypeScript is compiled by swc (type checking is `tsc --noEmit`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/test', '<rootDir>/k8s', '<rootDir>/apps'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};

import { prepareTemplateDatabase } from './postgres';

/** Jest global setup: one migrated template database per run (see ./postgres.ts). */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  await prepareTemplateDatabase();
}

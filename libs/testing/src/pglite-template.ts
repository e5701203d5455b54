/**
 * The in-memory PGlite template of a test run: global setup migrates one PGlite database and writes
 * its data-directory image to a file; every test file then starts its in-memory databases from that
 * image (startInMemoryDatabasesFrom in @chat/db), as the PostgreSQL suites clone a template database.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteImage, startInMemoryDatabasesFrom } from '@chat/db';

const TEMPLATE_FILE = join(tmpdir(), `chat-pglite-template-${process.env.JEST_RUN_ID ?? 'local'}.tar`);

export async function preparePgliteTemplate(): Promise<void> {
  const image = await migratedPgliteImage();
  writeFileSync(TEMPLATE_FILE, Buffer.from(await image.arrayBuffer()));
}

/** Run in every test file before its tests: in-memory databases start from the run's template. */
export function usePgliteTemplate(): void {
  startInMemoryDatabasesFrom(new Blob([readFileSync(TEMPLATE_FILE)]));
}

/**
 * The in-memory PGlite template of a test run: global setup migrates one PGlite database and writes
 * its data-directory image to a file; every test file then starts its in-memory databases from that
 * image (startInMemoryDatabasesFrom in @chat/db), as the PostgreSQL suites clone a template database.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteImage, startInMemoryDatabasesFrom } from '@chat/db';
import { templateGoes, testRunId } from './run-id';

const PREFIX = 'chat-pglite-template-';
const templateFile = (runId = testRunId()) => join(tmpdir(), `${PREFIX}${runId}.tar`);

export async function preparePgliteTemplate(): Promise<void> {
  const image = await migratedPgliteImage();
  writeFileSync(templateFile(), Buffer.from(await image.arrayBuffer()));
}

/** Run in every test file before its tests: in-memory databases start from the run's template. */
export function usePgliteTemplate(): void {
  startInMemoryDatabasesFrom(new Blob([readFileSync(templateFile())]));
}

/** Removes this run's image (teardown), or those of runs whose process is gone (setup). */
export function removePgliteTemplates(options: { thisRun: boolean }): void {
  for (const file of readdirSync(tmpdir()).filter((f) => f.startsWith(PREFIX) && f.endsWith('.tar'))) {
    if (templateGoes(file.slice(PREFIX.length, -'.tar'.length), options)) rmSync(join(tmpdir(), file), { force: true });
  }
}

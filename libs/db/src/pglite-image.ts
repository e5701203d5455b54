import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from './connect';
import { migrate } from './migrate';

/** A freshly migrated, empty PGlite database dumped as a data-directory image (tests' template). */
export async function migratedPgliteImage(): Promise<Blob> {
  const pglite = await PGlite.create();
  const db = pgliteDatabase(pglite);
  try {
    await migrate(db.knex);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.close();
  }
}

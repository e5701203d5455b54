import { pgliteDatabase } from './connect';
import { migrate } from './migrate';
import { PgliteThread } from './pglite-thread';

/** A freshly migrated, empty PGlite database dumped as a data-directory image (tests' template). */
export async function migratedPgliteImage(): Promise<Blob> {
  const pglite = await PgliteThread.start();
  const db = pgliteDatabase(pglite);
  try {
    await migrate(db.knex);
    return await pglite.dumpDataDir();
  } finally {
    await db.close();
  }
}

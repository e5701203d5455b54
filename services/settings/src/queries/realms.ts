/** Realms as the operator's command names them. */
import type { Executor, RealmRow } from '@chat/db';
import { ApiError } from '@chat/errors';

/** The realm named by string id, or the only one when the server has one. */
export async function findRealm(db: Executor, stringId: string | undefined): Promise<RealmRow> {
  if (stringId !== undefined) {
    const realm = await db<RealmRow>('realms').where({ string_id: stringId }).first();
    if (!realm) throw new ApiError(`There is no realm with id '${stringId}'.`);
    return realm;
  }
  const realms = await db<RealmRow>('realms').orderBy('id');
  if (realms.length === 1) return realms[0]!;
  if (realms.length === 0) throw new ApiError('There is no realm yet: create one with create-realm.');
  throw new ApiError(`The server has realms ${realms.map((r) => `'${r.string_id}'`).join(', ')}: name one with --realm <string_id>.`);
}

/** Whether a realm has the subdomain. */
export async function isStringIdTaken(db: Executor, stringId: string): Promise<boolean> {
  return (await db('realms').where({ string_id: stringId }).first('id')) !== undefined;
}

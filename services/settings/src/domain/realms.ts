import { getRealm, type Executor, type RealmRow } from '@chat/db';
import { ApiError } from '@chat/errors';

/** Zulip's subdomain rules (check_subdomain_available): lower-case letters, digits and dashes. */
const STRING_ID = /^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/;

export async function createRealm(
  db: Executor,
  fields: { stringId: string; name: string; emailDomain?: string; description?: string },
): Promise<RealmRow> {
  if (!STRING_ID.test(fields.stringId)) {
    throw new ApiError('Subdomains can only have lowercase letters, numbers, and dashes (not at the ends).');
  }
  if (!fields.name.trim()) throw new ApiError('The organization needs a name.');
  if (await db('realms').where({ string_id: fields.stringId }).first('id')) throw new ApiError('Subdomain unavailable. Please choose a different one.');
  const [row] = await db('realms')
    .insert({
      string_id: fields.stringId,
      name: fields.name.trim(),
      email_domain: fields.emailDomain ?? '',
      description: fields.description ?? '',
    })
    .returning('id');
  return (await getRealm(db, (row as { id: number }).id))!;
}

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

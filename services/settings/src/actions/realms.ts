/** Creating a realm, for the operator (`manage create-realm`; Zulip's do_create_realm). */
import { getRealm, type Executor, type RealmRow } from '@chat/db';
import { ApiError } from '@chat/errors';
import { isStringIdTaken } from '../queries/realms';

/** Zulip's subdomain rules (check_subdomain_available): lower-case letters, digits and dashes. */
const STRING_ID = /^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/;

export interface NewRealm {
  stringId: string;
  name: string;
  emailDomain?: string;
  description?: string;
}

/** check_subdomain_available and a name. */
async function checkNewRealm(db: Executor, fields: NewRealm): Promise<void> {
  if (!STRING_ID.test(fields.stringId)) {
    throw new ApiError('Subdomains can only have lowercase letters, numbers, and dashes (not at the ends).');
  }
  if (!fields.name.trim()) throw new ApiError('The organization needs a name.');
  if (await isStringIdTaken(db, fields.stringId)) throw new ApiError('Subdomain unavailable. Please choose a different one.');
}

export async function createRealm(db: Executor, fields: NewRealm): Promise<RealmRow> {
  await checkNewRealm(db, fields);
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

/**
 * Linkifiers (realm filters) as Zulip 2.1 manages them: administrators add and remove them
 * (anyone lists them: queries/realm-filters.ts), and every change sends the realm's whole list in
 * a realm_filters event.
 */
import type { Knex } from 'knex';
import { ApiError, missingArgument, plainError } from '@chat/errors';
import { isRowId, writeNotices, type Executor } from '@chat/db';
import { userEventNotice } from '@chat/events';
import { DUPLICATE, linkifierErrors, validationError } from '../lib/linkifier-validation';
import { findRealmFilterByPattern, realmFilterTriples } from '../queries/realm-filters';
import { activeUserIds, userRole } from '../queries/users';

/** Zulip's OrganizationAdministratorRequired. */
export function organizationAdministratorRequired(): ApiError {
  return new ApiError('Must be an organization administrator', { code: 'UNAUTHORIZED_PRINCIPAL' });
}

/** The role is read from the database so a demotion counts at once (the identity may be cached). */
export async function checkRealmAdmin(db: Executor, realmId: number, userId: number): Promise<void> {
  if ((await userRole(db, realmId, userId)) !== 'admin') throw organizationAdministratorRequired();
}

export async function insertRealmFilter(db: Executor, realmId: number, pattern: string, urlFormatString: string): Promise<number> {
  const [row] = await db('realm_filters').insert({ realm_id: realmId, pattern, url_format_string: urlFormatString }).returning('id');
  return (row as { id: number }).id;
}

/** Deletes the realm's filter `id`; false when the realm has no such filter. */
async function deleteRealmFilter(db: Executor, realmId: number, id: number): Promise<boolean> {
  // Rows, not a count: the PGlite dialect does not report affected-row counts for delete.
  const deleted: { id: number }[] = await db('realm_filters').where({ realm_id: realmId, id }).delete().returning('id');
  return deleted.length > 0;
}

/** Zulip's send_event to active_user_ids(realm): every active user and bot of the realm. */
async function notifyRealm(trx: Executor, realmId: number): Promise<void> {
  const userIds = await activeUserIds(trx, realmId);
  const filters = await realmFilterTriples(trx, realmId);
  await writeNotices(trx, [userEventNotice(realmId, { type: 'realm_filters', realm_filters: filters }, userIds)]);
}

export interface NewRealmFilter {
  pattern: string | undefined;
  urlFormatString: string | undefined;
}

/** POST /realm/filters: the administrator check comes first, as Zulip's decorator does. */
export async function checkAddRealmFilter(
  db: Knex,
  realmId: number,
  userId: number,
  input: NewRealmFilter,
): Promise<{ pattern: string; urlFormatString: string }> {
  await checkRealmAdmin(db, realmId, userId);
  if (input.pattern === undefined) throw missingArgument('pattern');
  if (input.urlFormatString === undefined) throw missingArgument('url_format_string');
  const { pattern, urlFormatString } = input;
  const errors = linkifierErrors(pattern, urlFormatString);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { pattern, urlFormatString };
}

/** Stores a checked linkifier unless the realm has its pattern already; its id. */
export async function doAddRealmFilter(db: Knex, realmId: number, filter: { pattern: string; urlFormatString: string }): Promise<number> {
  return db.transaction(async (trx) => {
    if (await findRealmFilterByPattern(trx, realmId, filter.pattern)) throw validationError({ __all__: [DUPLICATE] });
    const id = await insertRealmFilter(trx, realmId, filter.pattern, filter.urlFormatString);
    await notifyRealm(trx, realmId);
    return id;
  });
}

/** DELETE /realm/filters/{id}, after checkRealmAdmin. */
export async function doRemoveRealmFilter(db: Knex, realmId: number, filterId: number): Promise<void> {
  await db.transaction(async (trx) => {
    if (!isRowId(filterId) || !(await deleteRealmFilter(trx, realmId, filterId))) throw plainError('Filter not found');
    await notifyRealm(trx, realmId);
  });
}

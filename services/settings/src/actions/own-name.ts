/**
 * The caller changing their own full name through PATCH /settings (Zulip's json_change_settings
 * with check_change_full_name): the realm may keep name changes to administrators.
 */
import type { UserRow } from '@chat/db';
import { badRequest } from '@chat/errors';
import type { SettingsContext } from '../deps';
import { checkFullName } from '../lib/accounts';
import { loadActor } from '../queries/actor';
import { realmProperties } from '../queries/realm';
import { doChangeFullName } from './users';

/** The new name, checked (validity and the realm's rule), or null when it is the current one. */
export async function checkOwnFullName(ctx: SettingsContext, realmId: number, userId: number, raw: string): Promise<string | null> {
  const actor = await loadActor(ctx.db.knex, realmId, userId);
  if (raw === actor.full_name) return null;
  const realm = await realmProperties(ctx.db.knex, realmId);
  if (realm.name_changes_disabled === true && actor.role !== 'admin') throw badRequest('Name changes are disabled in this organization.');
  return checkFullName(raw);
}

/** Stores a name checkOwnFullName accepted, with its realm_user event. */
export async function changeOwnFullName(ctx: SettingsContext, userId: number, fullName: string): Promise<void> {
  await ctx.db.knex.transaction(async (trx) => {
    const user = await trx<UserRow>('users').where({ id: userId }).forUpdate().first();
    if (user) await doChangeFullName(trx, user, fullName);
  });
}

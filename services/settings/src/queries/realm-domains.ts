import { realmDomainsOf, type Executor } from '@chat/db';
import type { SettingsContext } from '../deps';

/** GET /realm/domains. */
export async function listRealmDomains(ctx: SettingsContext, realmId: number): Promise<Record<string, unknown>> {
  return { domains: await realmDomainsOf(ctx.db.knex, realmId) };
}

/** Whether the realm has any e-mail domain left. */
export async function hasRealmDomains(db: Executor, realmId: number): Promise<boolean> {
  return (await db('realm_domains').where({ realm_id: realmId }).first('id')) !== undefined;
}

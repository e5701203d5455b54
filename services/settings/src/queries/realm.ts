/** The realm's own row as this service's actions read it: its settings, its state, its images. */
import { getRealm, type Executor, type RealmRow } from '@chat/db';
import { REALM_PROPERTY_DEFAULTS as DEFAULTS, realmIconUrl, realmLogoUrl } from '@chat/views';
import type { SettingsContext } from '../deps';

type RealmSettings = Record<string, unknown> | null | undefined;

/** What the realm has set in realms.settings (a key absent has Zulip's default). */
export async function realmSettings(db: Executor, realmId: number): Promise<RealmSettings> {
  const realm: { settings: RealmSettings } | undefined = await db('realms').where({ id: realmId }).first('settings');
  return realm?.settings;
}

/** The same, with the realm's row locked for the change about to be made. */
export async function lockRealmSettings(trx: Executor, realmId: number): Promise<RealmSettings> {
  const realm: { settings: RealmSettings } | undefined = await trx('realms').where({ id: realmId }).forUpdate().first('settings');
  return realm?.settings;
}

/** Whether the realm is deactivated, with its row locked for the change about to be made. */
export async function lockRealmDeactivated(trx: Executor, realmId: number): Promise<boolean> {
  const realm: { deactivated: boolean } = await trx('realms').where({ id: realmId }).forUpdate().first('deactivated');
  return realm.deactivated;
}

/** Every realm property with its current value: the defaults under what the realm has set. */
export async function realmProperties(db: Executor, realmId: number): Promise<Record<string, unknown>> {
  const realm = await db('realms').where({ id: realmId }).first('name', 'description', 'settings');
  return {
    ...DEFAULTS,
    ...((realm?.settings as Record<string, unknown> | null) ?? {}),
    name: realm?.name,
    description: realm?.description,
  };
}

/** Zulip's add_query_arg_to_redirect_url: the request's raw query string rides along. */
export function withQueryOf(url: string, requestUrl: string): string {
  const query = requestUrl.split('?')[1] ?? '';
  return query ? `${url}&${query}` : url;
}

/** The realm's row with its images' fields. */
export async function realmImages(db: Executor, realmId: number): Promise<RealmRow> {
  return (await getRealm(db, realmId))!;
}

/** GET /realm/icon and /realm/logo (Zulip's get_icon_backend, get_logo_backend): where the image is. */
export async function realmImageRedirect(
  ctx: SettingsContext,
  realmId: number,
  requestUrl: string,
  logo?: { night: boolean },
): Promise<string> {
  const realm = await realmImages(ctx.db.knex, realmId);
  return withQueryOf(logo ? realmLogoUrl(realm, logo.night) : realmIconUrl(realm), requestUrl);
}

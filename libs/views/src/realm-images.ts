/**
 * A realm's icon and logos as Zulip shows them (get_realm_icon_url, get_realm_logo_url,
 * get_realm_logo_data): where /user_avatars serves an uploaded one, versioned, else the default.
 */
import { createHash } from 'node:crypto';
import type { RealmRow } from '@chat/db';

/** The realm's images, by the name of their file. */
export type RealmImage = 'icon' | 'logo' | 'night_logo';

/** Zulip's sizes: the icon a square of DEFAULT_AVATAR_SIZE, a logo within 8 × that wide, that high. */
export const REALM_ICON_SIZE = 100;
export const REALM_LOGO_BOX = { width: 800, height: 100 } as const;

export type RealmImageFields = Pick<
  RealmRow,
  'id' | 'string_id' | 'icon_source' | 'icon_version' | 'logo_source' | 'logo_version' | 'night_logo_source' | 'night_logo_version'
>;

/**
 * The storage key of an uploaded realm image at a version (Zulip's `<realm id>/realm/icon.png`,
 * with the version in the name: a new upload never overwrites the file the committed row points
 * at, so a failed change leaves the old image whole and a URL's bytes never change).
 */
export function realmImagePath(realmId: number, image: RealmImage, version: number): string {
  return `${realmId}/realm/${image}-${version}.png`;
}

/** The source and version of each image. */
export function realmImageVersion(realm: RealmImageFields, image: RealmImage): { source: string; version: number } {
  if (image === 'icon') return { source: realm.icon_source, version: realm.icon_version };
  if (image === 'logo') return { source: realm.logo_source, version: realm.logo_version };
  return { source: realm.night_logo_source, version: realm.night_logo_version };
}

const uploadedUrl = (realmId: number, image: RealmImage, version: number) =>
  `/user_avatars/${realmImagePath(realmId, image, version)}?version=${version}`;

/** The uploaded icon ('U'), or the Gravatar identicon of the realm's string id ('G'). */
export function realmIconUrl(realm: Pick<RealmImageFields, 'id' | 'string_id' | 'icon_source' | 'icon_version'>): string {
  if (realm.icon_source === 'U') return uploadedUrl(realm.id, 'icon', realm.icon_version);
  return `https://secure.gravatar.com/avatar/${createHash('md5').update(realm.string_id.toLowerCase()).digest('hex')}?d=identicon`;
}

/** The day or night logo: the uploaded one ('U'), else ('D') the icon, as this server has no logo of its own. */
export function realmLogoUrl(realm: RealmImageFields, night: boolean): string {
  const [source, version] = night ? [realm.night_logo_source, realm.night_logo_version] : [realm.logo_source, realm.logo_version];
  return source === 'U' ? uploadedUrl(realm.id, night ? 'night_logo' : 'logo', version) : realmIconUrl(realm);
}

/** The `data` of the realm `update_dict` event of a logo change (property `logo` or `night_logo`). */
export function realmLogoData(realm: RealmImageFields, night: boolean): Record<string, string> {
  return night
    ? { night_logo_url: realmLogoUrl(realm, true), night_logo_source: realm.night_logo_source }
    : { logo_url: realmLogoUrl(realm, false), logo_source: realm.logo_source };
}

/** The `data` of the realm `update_dict` event of an icon change (property `icon`). */
export function realmIconData(realm: RealmImageFields): Record<string, string> {
  return { icon_url: realmIconUrl(realm), icon_source: realm.icon_source };
}

/** The keys /register shows the images under. */
export function realmImageState(realm: RealmImageFields): Record<string, string> {
  return {
    realm_icon_url: realmIconUrl(realm),
    realm_icon_source: realm.icon_source,
    realm_logo_url: realmLogoUrl(realm, false),
    realm_logo_source: realm.logo_source,
    realm_night_logo_url: realmLogoUrl(realm, true),
    realm_night_logo_source: realm.night_logo_source,
  };
}

import type { Executor } from '../connect';

export interface RealmRow {
  id: number;
  string_id: string;
  name: string;
  description: string;
  email_domain: string;
  deactivated: boolean;
  notifications_stream_id: number | null;
  signup_notifications_stream_id: number | null;
  settings: Record<string, unknown>;
  date_created: Date;
  /** 'G' (Gravatar identicon) or 'U' (uploaded), and its version (migration 0970). */
  icon_source: string;
  icon_version: number;
  /** 'D' (default: the icon) or 'U' (uploaded), for the day and the night theme. */
  logo_source: string;
  logo_version: number;
  night_logo_source: string;
  night_logo_version: number;
}

export async function getRealm(db: Executor, realmId: number): Promise<RealmRow | undefined> {
  return db<RealmRow>('realms').where({ id: realmId }).first();
}

/**
 * The realm served on the bare host (Zulip's root domain): the one whose string id is empty, as
 * Zulip names it, else the oldest. So the first realm a server gets (the development realm, or an
 * operator's first) keeps answering on the bare host when more realms are created; the others
 * answer on their subdomains. ROOT_REALM_ORDER's first row (also read inside register snapshots).
 */
export const ROOT_REALM_ORDER = "(string_id <> '') ASC, id ASC";

export async function getRootRealm(db: Executor): Promise<RealmRow | undefined> {
  return db<RealmRow>('realms').orderByRaw(ROOT_REALM_ORDER).first();
}

/** The host name without its port, lower-cased ("[::1]:9991" -> "[::1]"). */
function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The domain realms' subdomains hang from: the external host's name, or `localhost` when that is
 * an address (an IP cannot carry a subdomain; `acme.localhost` reaches the loopback in browsers
 * and curl).
 */
export function realmDomainOf(externalHost: string): string {
  const hostname = hostnameOf(externalHost);
  return isIpLiteral(hostname) ? 'localhost' : hostname;
}

/** The subdomain a Host header names under the realm domain; null for any other host (the bare one). */
export function subdomainOf(host: string | undefined, externalHost: string): string | null {
  const hostname = hostnameOf(host ?? '');
  const suffix = `.${realmDomainOf(externalHost)}`;
  return hostname.endsWith(suffix) && hostname.length > suffix.length ? hostname.slice(0, -suffix.length) : null;
}

/**
 * The realm a Host header names, as Zulip does: a subdomain of the realm domain names its realm
 * (none when no active realm has that string id); any other host, the external host itself or an
 * address such as 127.0.0.1:9991, is the bare host and gets the root realm.
 */
export async function getRealmForHost(db: Executor, host: string | undefined, externalHost: string): Promise<RealmRow | undefined> {
  const subdomain = subdomainOf(host, externalHost);
  if (subdomain === null) {
    const root = await getRootRealm(db);
    return root && !root.deactivated ? root : undefined;
  }
  return db<RealmRow>('realms').where({ string_id: subdomain, deactivated: false }).first();
}

/** Names that only ever reach this machine, served without TLS: localhost, *.localhost, loopback. */
function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname.startsWith('127.') || hostname === '[::1]';
}

/** The organization's canonical URI (realm.uri): the bare external host for the root realm, else its subdomain. */
/**
 * The realm's URL as its users reach it: the bare external host for the root realm (whatever
 * other realms exist), its subdomain for the others. Every link the server writes (realm_uri,
 * invitations, e-mails, bot notices) comes from here.
 */
export async function realmUrlOf(db: Executor, externalHost: string, realm: Pick<RealmRow, 'id' | 'string_id'>): Promise<string> {
  return realmUri(realm, externalHost, (await getRootRealm(db))?.id === realm.id);
}

export function realmUri(realm: Pick<RealmRow, 'string_id'>, externalHost: string, isRoot: boolean): string {
  const scheme = isLoopbackName(hostnameOf(externalHost)) ? 'http' : 'https';
  if (isRoot || realm.string_id === '') return `${scheme}://${externalHost}`;
  const port = externalHost.slice(hostnameOf(externalHost).length);
  return `${scheme}://${realm.string_id}.${realmDomainOf(externalHost)}${port}`;
}

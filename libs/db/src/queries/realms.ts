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
}

export async function getRealm(db: Executor, realmId: number): Promise<RealmRow | undefined> {
  return db<RealmRow>('realms').where({ id: realmId }).first();
}

/**
 * The realm a Host header names, as Zulip does: by subdomain; a server with one realm serves it
 * on every host name (the development realm on 127.0.0.1:9991).
 */
export async function getRealmForHost(db: Executor, host: string | undefined): Promise<RealmRow | undefined> {
  const realms = await db<RealmRow>('realms').where({ deactivated: false }).orderBy('id').limit(2);
  if (realms.length <= 1) return realms[0];
  const hostname = (host ?? '').split(':')[0]?.toLowerCase() ?? '';
  const subdomain = hostname.split('.')[0] ?? '';
  return (
    (await db<RealmRow>('realms').where({ string_id: subdomain, deactivated: false }).first()) ??
    (await db<RealmRow>('realms').where({ string_id: '', deactivated: false }).first())
  );
}

/** The organization's canonical URI: its subdomain on the external host, as realm.uri. */
export function realmUri(realm: Pick<RealmRow, 'string_id'>, externalHost: string, singleRealm: boolean): string {
  const scheme = /^(localhost|127\.|\[::1\])/.test(externalHost) ? 'http' : 'https';
  if (singleRealm || realm.string_id === '') return `${scheme}://${externalHost}`;
  return `${scheme}://${realm.string_id}.${externalHost}`;
}

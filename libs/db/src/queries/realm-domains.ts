/**
 * A realm's e-mail domains (written by the settings service; /register's realm_domains and every
 * place that creates a user from an e-mail address read them).
 */
import type { Executor } from '../connect';

export interface RealmDomainDict {
  domain: string;
  allow_subdomains: boolean;
}

/** Zulip's get_realm_domains: in the order they were added. */
export async function realmDomainsOf(db: Executor, realmId: number): Promise<RealmDomainDict[]> {
  return db('realm_domains').where({ realm_id: realmId }).orderBy('id').select('domain', 'allow_subdomains');
}

/**
 * Zulip's get_realm_email_validator: the realm's rule read once, then applied to any number of
 * addresses (an invitation of a thousand costs two queries, not two thousand). An address is
 * allowed unless the realm restricts e-mails to its domains and the address's domain is none of
 * them, nor under one that allows subdomains.
 */
export async function realmEmailValidator(db: Executor, realmId: number): Promise<(email: string) => boolean> {
  const realm: { settings: Record<string, unknown> } | undefined = await db('realms').where({ id: realmId }).first('settings');
  if (realm?.settings.emails_restricted_to_domains !== true) return () => true;
  const domains = await realmDomainsOf(db, realmId);
  return (email) => {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (domains.some((d) => d.domain === domain)) return true;
    // a.b.example.com is under example.com when that entry allows subdomains.
    const labels = domain.split('.');
    const parents = labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
    return domains.some((d) => d.allow_subdomains && parents.includes(d.domain));
  };
}

/** Zulip's email_allowed_for_realm: the validator above, for one address. */
export async function emailAllowedForRealm(db: Executor, realmId: number, email: string): Promise<boolean> {
  return (await realmEmailValidator(db, realmId))(email);
}

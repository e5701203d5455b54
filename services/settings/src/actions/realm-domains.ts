/**
 * The realm's e-mail domains (Zulip 2.1's zerver/views/realm_domains.py and the do_*_realm_domain
 * actions): administrators add, change and remove them; every active user hears of it.
 */
import { writeNotices, type Executor } from '@chat/db';
import { plainError } from '@chat/errors';
import { userEventNotice, type EventOf } from '@chat/events';
import type { SettingsContext } from '../deps';
import { requireAdmin } from '../lib/permissions';
import { loadActor } from '../queries/actor';
import { activeUserIds } from '../queries/audiences';
import { lockRealmSettings } from '../queries/realm';
import { hasRealmDomains } from '../queries/realm-domains';

/** Zulip's validate_domain: its first complaint, or null. */
function domainError(domain: string): string | null {
  if (!domain) return "Domain can't be empty.";
  if (!domain.includes('.')) return 'Domain must have at least one dot (.)';
  if (domain.length > 255) return 'Domain is too long';
  if (domain.startsWith('.') || domain.endsWith('.')) return 'Domain cannot start or end with a dot (.)';
  for (const label of domain.split('.')) {
    if (!label) return "Consecutive '.' are not allowed.";
    if (label.startsWith('-') || label.endsWith('-')) return "Subdomains cannot start or end with a '-'.";
    if (!/^[a-z0-9-]*$/.test(label)) return "Domain can only have letters, numbers, '.' and '-'s.";
  }
  return null;
}

/** The realm_domains event, to every active user. */
async function notifyRealmDomains(trx: Executor, realmId: number, event: EventOf<'realm_domains'>): Promise<void> {
  await writeNotices(trx, [userEventNotice(realmId, event, await activeUserIds(trx, realmId))]);
}

async function adminTransaction<T>(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  return ctx.db.knex.transaction(async (trx) => {
    requireAdmin(await loadActor(trx, realmId, actorId));
    return work(trx);
  });
}

/** create_realm_domain's check of the domain (after the administrator's). */
function checkDomain(domain: string): void {
  const invalid = domainError(domain);
  if (invalid) throw plainError(`Invalid domain: ${invalid}`);
}

/** POST /realm/domains (do_add_realm_domain). */
export async function doCreateRealmDomain(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  rawDomain: string,
  allowSubdomains: boolean,
) {
  const domain = rawDomain.trim().toLowerCase();
  // Zulip checks the administrator first, then the domain.
  const id = await adminTransaction(ctx, realmId, actorId, async (trx) => {
    checkDomain(domain);
    // Inserted only when new: a concurrent add of the same domain finds the row, not a constraint error.
    const [row] = (await trx('realm_domains')
      .insert({ realm_id: realmId, domain, allow_subdomains: allowSubdomains })
      .onConflict(['realm_id', 'domain'])
      .ignore()
      .returning('id')) as { id: number }[];
    if (!row) throw plainError(`The domain ${domain} is already a part of your organization.`);
    await notifyRealmDomains(trx, realmId, {
      type: 'realm_domains',
      op: 'add',
      realm_domain: { domain, allow_subdomains: allowSubdomains },
    });
    return row.id;
  });
  return { new_domain: [id, domain] };
}

/** PATCH /realm/domains/{domain} (do_change_realm_domain). */
export async function doUpdateRealmDomain(
  ctx: SettingsContext,
  realmId: number,
  actorId: number,
  domain: string,
  allowSubdomains: boolean,
) {
  await adminTransaction(ctx, realmId, actorId, async (trx) => {
    const changed: { id: number }[] = await trx('realm_domains')
      .where({ realm_id: realmId, domain })
      .update({ allow_subdomains: allowSubdomains })
      .returning('id');
    if (!changed.length) throw plainError(`No entry found for domain ${domain}.`);
    // Zulip sends the change even when the flag already had that value.
    await notifyRealmDomains(trx, realmId, {
      type: 'realm_domains',
      op: 'change',
      realm_domain: { domain, allow_subdomains: allowSubdomains },
    });
  });
  return {};
}

/** DELETE /realm/domains/{domain} (do_remove_realm_domain). */
export async function doRemoveRealmDomain(ctx: SettingsContext, realmId: number, actorId: number, domain: string) {
  await adminTransaction(ctx, realmId, actorId, async (trx) => {
    const removed: { id: number }[] = await trx('realm_domains').where({ realm_id: realmId, domain }).delete().returning('id');
    if (!removed.length) throw plainError(`No entry found for domain ${domain}.`);
    await doLiftRestrictionWithoutDomains(trx, realmId);
    await notifyRealmDomains(trx, realmId, { type: 'realm_domains', op: 'remove', domain });
  });
  return {};
}

/**
 * A restriction to no domain at all admits nobody, so removing the last domain lifts it, as
 * Zulip does (with the realm update event of do_set_realm_property).
 */
async function doLiftRestrictionWithoutDomains(trx: Executor, realmId: number): Promise<void> {
  if (await hasRealmDomains(trx, realmId)) return;
  const settings = (await lockRealmSettings(trx, realmId))!;
  if (settings.emails_restricted_to_domains !== true) return;
  await trx('realms')
    .where({ id: realmId })
    .update({ settings: JSON.stringify({ ...settings, emails_restricted_to_domains: false }) });
  await writeNotices(trx, [
    userEventNotice(
      realmId,
      { type: 'realm', op: 'update', property: 'emails_restricted_to_domains', value: false },
      await activeUserIds(trx, realmId),
    ),
  ]);
}

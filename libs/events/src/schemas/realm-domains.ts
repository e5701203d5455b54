/** The realm's e-mail domains (Zulip's realm_domains events, sent to every active user). */
import { Type } from '@sinclair/typebox';
import { bool, closedObject, defineEvent, eventObject, str } from './define';

export const RealmDomainDict = closedObject({ domain: str, allow_subdomains: bool });

export const RealmDomainsEvent = Type.Union([
  eventObject('realm_domains', { op: Type.Literal('add'), realm_domain: RealmDomainDict }),
  eventObject('realm_domains', { op: Type.Literal('change'), realm_domain: RealmDomainDict }),
  eventObject('realm_domains', { op: Type.Literal('remove'), domain: str }),
]);

export const realmDomainEvents = {
  // /register's realm_domains is cached with the rest of the realm-wide state.
  realm_domains: defineEvent(RealmDomainsEvent, { realmWide: true }),
};

/**
 * A realm's e-mail domains (Zulip 2.1's zerver/views/realm_domains.py). Declared in
 * settingsEndpoints.
 */
import * as p from '../params';
import { jsonOrPlainString } from '../validators';

const domainPath = {
  domain: p.string({ required: true, description: 'The domain, as listed by GET /realm/domains (lower case).', example: 'zulip.org' }),
};
const allowSubdomains = (what: string) =>
  p.bool({
    required: true,
    description: `Whether addresses at subdomains of it (\`a.zulip.org\` under \`zulip.org\`) ${what}.`,
    example: false,
  });

export const settingsRealmDomainEndpoints = {
  getRealmDomains: {
    method: 'GET',
    path: '/realm/domains',
    auth: 'user',
    summary: 'The e-mail domains the realm accepts when it restricts e-mails to its domains',
    description:
      "Lists the realm's e-mail domains. When the realm restricts new accounts to its domains (`emails_restricted_to_domains`), " +
      'only addresses at one of these, or under one that allows subdomains, may join.',
    params: {},
    success: { domains: ['array', 'The domains, oldest first, each `{domain, allow_subdomains}`.'] },
  },
  createRealmDomain: {
    method: 'POST',
    path: '/realm/domains',
    auth: 'user',
    summary: 'Add an e-mail domain to the realm (administrators)',
    description: 'Adds an e-mail domain to the realm; every active user receives a `realm_domains` event. Administrators only.',
    params: {
      // Zulip 2.1 reads it as a JSON string; a plain string works too.
      domain: p.custom((raw) => jsonOrPlainString(raw), {
        required: true,
        encoding: 'plain-or-json',
        description: 'The domain, plain or as a JSON string; it is trimmed and lower-cased.',
        example: 'zulip.org',
      }),
      allow_subdomains: allowSubdomains('are accepted too'),
    },
    // [id, domain]
    success: { new_domain: ['array', 'The new entry as `[id, domain]`.'] },
  },
  updateRealmDomain: {
    method: 'PATCH',
    path: '/realm/domains/:domain',
    auth: 'user',
    summary: 'Change whether an e-mail domain of the realm also admits its subdomains (administrators)',
    description: "Changes an e-mail domain's `allow_subdomains`; every active user receives a `realm_domains` event. Administrators only.",
    params: { ...domainPath, allow_subdomains: allowSubdomains('are accepted from now on') },
    success: {},
  },
  removeRealmDomain: {
    method: 'DELETE',
    path: '/realm/domains/:domain',
    auth: 'user',
    summary: 'Remove an e-mail domain from the realm (administrators)',
    description:
      'Removes an e-mail domain from the realm. Removing the last one also lifts the restriction to its domains, which would ' +
      'otherwise admit nobody. Administrators only.',
    params: domainPath,
    success: {},
  },
} as const;

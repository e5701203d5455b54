/**
 * The URLs of the OpenID Connect backend: the one redirect URI every realm shares (at the bare
 * external host, Zulip's SOCIAL_AUTH_SUBDOMAIN idea), and server_settings' entry for the apps'
 * buttons (Zulip's get_external_method_dicts).
 */
import type { Config } from '@chat/config';
import { OIDC_CALLBACK_PATH } from '@chat/contracts';
import { realmUri } from '@chat/db';

/** The provider's name in this server's URLs: one provider per server. */
export const OIDC_IDP = 'default';

/** The redirect URI to register at the provider. */
export function oidcRedirectUri(config: Pick<Config, 'externalHost'>): string {
  return `${realmUri({ string_id: '' }, config.externalHost, true)}${OIDC_CALLBACK_PATH}`;
}

/**
 * server_settings' external_authentication_methods: the provider's button, when configured. The
 * URLs are paths, as Zulip's (the apps resolve them against the realm's URL).
 */
export function externalAuthenticationMethods(config: Pick<Config, 'oidc'>): Record<string, unknown>[] {
  if (!config.oidc) return [];
  return [
    {
      name: `oidc:${OIDC_IDP}`,
      display_name: config.oidc.displayName,
      display_icon: config.oidc.iconUrl || null,
      login_url: `/accounts/login/social/oidc/${OIDC_IDP}`,
      signup_url: `/accounts/register/social/oidc/${OIDC_IDP}`,
    },
  ];
}

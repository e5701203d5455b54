import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { client } from '../api';

/** One of server_settings' external_authentication_methods (Zulip's get_external_method_dicts). */
interface ExternalMethod {
  name: string;
  display_name: string;
  login_url: string;
}

function isExternalMethod(value: unknown): value is ExternalMethod {
  if (!value || typeof value !== 'object') return false;
  const method = value as Record<string, unknown>;
  return typeof method.name === 'string' && typeof method.display_name === 'string' && typeof method.login_url === 'string';
}

/**
 * The login page's buttons for the identity providers the realm accepts (OpenID Connect): each
 * opens the provider's login in this tab, which comes back logged in to where the page was.
 */
export function ExternalLogins() {
  const [methods, setMethods] = useState<ExternalMethod[]>([]);

  useEffect(() => {
    client
      .request(settingsEndpoints.getServerSettings, {})
      .then((r) => {
        const listed: unknown = r.ok ? r.body.external_authentication_methods : [];
        if (Array.isArray(listed)) setMethods(listed.filter(isExternalMethod));
      })
      .catch(() => undefined);
  }, []);

  if (methods.length === 0) return null;
  const next = `/${window.location.hash}`;
  return (
    <section class="external-logins" aria-label="Other ways to log in">
      {methods.map((method) => (
        <a key={method.name} class="external-login" href={`${method.login_url}?next=${encodeURIComponent(next)}`}>
          Log in with {method.display_name}
        </a>
      ))}
    </section>
  );
}

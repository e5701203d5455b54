import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { client } from '../../api';
import { isRecord } from '../../lib/read';
import { ErrorAlert } from '../../ui/ErrorAlert';

/** One of server_settings' external_authentication_methods (Zulip's get_external_method_dicts). */
interface ExternalMethod {
  name: string;
  display_name: string;
  login_url: string;
}

function isExternalMethod(value: unknown): value is ExternalMethod {
  return isRecord(value) && typeof value.name === 'string' && typeof value.display_name === 'string' && typeof value.login_url === 'string';
}

/** Why the server sent the browser back here from a provider's login (`?login_error=`), once. */
function takeLoginError(): string | null {
  const params = new URLSearchParams(window.location.search);
  const error = params.get('login_error');
  if (error !== null) window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
  return error;
}

/**
 * The login page's buttons for the identity providers the realm accepts (OpenID Connect): each
 * opens the provider's login in this tab, which comes back logged in to where the page was, or
 * here with the reason it was refused.
 */
export function ExternalLogins() {
  const [methods, setMethods] = useState<ExternalMethod[]>([]);
  const [error] = useState(takeLoginError);

  useEffect(() => {
    client
      .request(settingsEndpoints.getServerSettings, {})
      .then((r) => {
        const listed: unknown = r.ok ? r.body.external_authentication_methods : [];
        if (Array.isArray(listed)) setMethods(listed.filter(isExternalMethod));
      })
      .catch(() => undefined);
  }, []);

  if (methods.length === 0 && !error) return null;
  const next = `/${window.location.hash}`;
  return (
    <section class="external-logins" aria-label="Other ways to log in">
      <ErrorAlert error={error} />
      {methods.map((method) => (
        <a key={method.name} class="external-login" href={`${method.login_url}?next=${encodeURIComponent(next)}`}>
          Log in with {method.display_name}
        </a>
      ))}
    </section>
  );
}

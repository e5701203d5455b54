import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { client, errorText } from '../../api';
import { startSession } from './session';
import { RESET_FORM_URL } from '../password-reset/reset-path';
import { arr, str } from '../../lib/read';
import { patchUi } from '../../store';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ExternalLogins } from './ExternalLogins';

interface DevUser {
  email: string;
  full_name: string;
}

/** The development login's people (its contract lists them untyped): those with an address. */
const devUsersFrom = (list: unknown[]): DevUser[] =>
  arr(list).flatMap((u) => (typeof u.email === 'string' ? [{ email: u.email, full_name: str(u.full_name, u.email) }] : []));

export function Login() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Asked for once the server answers that the account has two-factor authentication.
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [realmName, setRealmName] = useState('');
  const [devUsers, setDevUsers] = useState<{ admins: DevUser[]; users: DevUser[] } | null>(null);

  useEffect(() => {
    client
      .request(settingsEndpoints.getServerSettings, {})
      .then((r) => {
        if (r.ok && typeof r.body.realm_name === 'string') setRealmName(r.body.realm_name);
      })
      .catch(() => undefined);
    client
      .request(settingsEndpoints.devListUsers, {})
      .then((r) => {
        if (r.ok) setDevUsers({ admins: devUsersFrom(r.body.direct_admins), users: devUsersFrom(r.body.direct_users) });
      })
      .catch(() => undefined);
  }, []);

  const done = async (attempt: Promise<{ ok: boolean; body: { msg: string; code?: string } }>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await attempt;
      if (!result.ok && result.body.code === 'TWO_FACTOR_REQUIRED') {
        setCode('');
        return;
      }
      if (!result.ok) {
        setError(result.body.msg || 'Login failed.');
        return;
      }
      patchUi({ auth: 'loading' });
      await startSession();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: Event) => {
    e.preventDefault();
    const second = code === null || code.trim() === '' ? {} : { code: code.trim() };
    void done(client.request(settingsEndpoints.webLogin, { username: email.trim(), password, ...second }));
  };

  const devList = (title: string, list: DevUser[]) =>
    list.length === 0 ? null : (
      <section class="dev-group" aria-label={title}>
        <h3>{title}</h3>
        <ul>
          {list.map((u) => (
            <li key={u.email}>
              <button
                type="button"
                class="dev-user"
                disabled={busy}
                onClick={() => void done(client.request(settingsEndpoints.webDevLogin, { username: u.email }))}
              >
                {u.email}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );

  return (
    <main class="login-page">
      <div class="login-card">
        <h1>{realmName ? `Log in to ${realmName}` : 'Log in'}</h1>
        <form class="login-form" onSubmit={onSubmit} aria-label="Log in">
          <label for="login-email">Email</label>
          <input
            id="login-email"
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <label for="login-password">Password</label>
          <input
            id="login-password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
          {code !== null && (
            <>
              <label for="login-code">Two-factor code (from your app, or a recovery code)</label>
              <input
                id="login-code"
                inputMode="numeric"
                autocomplete="one-time-code"
                required
                autoFocus
                value={code}
                onInput={(e) => setCode(e.currentTarget.value)}
              />
            </>
          )}
          <button type="submit" class="primary" disabled={busy}>
            Log in
          </button>
          <ErrorAlert error={error} />
          <a class="forgot-password" href={RESET_FORM_URL}>
            Forgot password?
          </a>
        </form>
        <ExternalLogins />
        {devUsers && (
          <section class="dev-login" aria-labelledby="dev-login-title">
            <h2 id="dev-login-title">Development login</h2>
            <p>Log in as any user of the development realm, without a password.</p>
            {devList('Administrators', devUsers.admins)}
            {devList('Users', devUsers.users)}
          </section>
        )}
      </div>
    </main>
  );
}

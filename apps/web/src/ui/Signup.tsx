import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { client, errorText } from '../api';
import { ErrorAlert } from './ErrorAlert';

interface Invitation {
  email?: string;
  realm_name: string;
  is_multiuse: boolean;
}

/**
 * The page an invitation link opens: the invitee picks a name and password (and on a reusable
 * link gives their address); the server creates the account and starts the session.
 */
export function Signup({ invitationKey, onSignedUp }: { invitationKey: string; onSignedUp: () => void }) {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    client
      .request(settingsEndpoints.webInvitation, { key: invitationKey })
      .then((r) => (r.ok ? setInvitation(r.body as Invitation) : setLinkError(r.body.msg)))
      .catch((e: unknown) => setLinkError(errorText(e)));
  }, [invitationKey]);

  const onSubmit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const params = { key: invitationKey, full_name: fullName, password, ...(invitation?.is_multiuse ? { email: email.trim() } : {}) };
      const result = await client.request(settingsEndpoints.webSignup, params);
      if (result.ok) onSignedUp();
      else setError(result.body.msg || 'Sign-up failed.');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="login-page">
      <div class="login-card">
        <h1>{invitation ? `Join ${invitation.realm_name}` : 'Join'}</h1>
        {linkError && <ErrorAlert error={linkError} />}
        {!invitation && !linkError && <p role="status">Checking your invitation…</p>}
        {invitation && (
          <form class="login-form" onSubmit={(e) => void onSubmit(e)} aria-label="Sign up">
            <label for="signup-email">Email</label>
            {invitation.is_multiuse ? (
              <input id="signup-email" type="email" autocomplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
            ) : (
              <input id="signup-email" type="email" readOnly value={invitation.email} />
            )}
            <label for="signup-name">Full name</label>
            <input id="signup-name" type="text" autocomplete="name" required value={fullName} onInput={(e) => setFullName(e.currentTarget.value)} />
            <label for="signup-password">Password</label>
            <input id="signup-password" type="password" autocomplete="new-password" required minLength={6} value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
            <button type="submit" class="primary" disabled={busy}>
              Sign up
            </button>
            <ErrorAlert error={error} />
          </form>
        )}
      </div>
    </main>
  );
}

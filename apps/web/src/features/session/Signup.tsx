import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { client, errorText } from '../../api';
import { ErrorAlert } from '../../ui/ErrorAlert';

interface Invitation {
  email?: string;
  realm_name: string;
  is_multiuse: boolean;
}

/**
 * The page an invitation link opens. An e-mailed link (an invitation, or the confirmation a
 * reusable link sends) proves the address: the invitee picks a name and password, and the server
 * creates the account and starts the session. A reusable link only asks for the address and has
 * the server mail that address its own link, so nobody signs up with an address they do not own.
 */
export function Signup({ invitationKey, onSignedUp }: { invitationKey: string; onSignedUp: () => void }) {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(() => {
    client
      .request(settingsEndpoints.webInvitation, { key: invitationKey })
      .then((r) => (r.ok ? setInvitation(r.body) : setLinkError(r.body.msg)))
      .catch((e: unknown) => setLinkError(errorText(e)));
  }, [invitationKey]);

  return (
    <main class="login-page">
      <div class="login-card">
        <h1>{invitation ? `Join ${invitation.realm_name}` : 'Join'}</h1>
        {linkError && <ErrorAlert error={linkError} />}
        {!invitation && !linkError && <p role="status">Checking your invitation…</p>}
        {invitation &&
          (invitation.is_multiuse ? (
            <AddressForm invitationKey={invitationKey} />
          ) : (
            <AccountForm invitationKey={invitationKey} email={invitation.email ?? ''} onSignedUp={onSignedUp} />
          ))}
      </div>
    </main>
  );
}

/** A reusable link: the address, then a note to look for the e-mail (the same whether or not it has an account). */
function AddressForm({ invitationKey }: { invitationKey: string }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await client.request(settingsEndpoints.webJoin, { key: invitationKey, email: email.trim() });
      if (result.ok) setSentTo(email.trim());
      else setError(result.body.msg || 'Sending the link failed.');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo !== null) {
    return (
      <p role="status">
        Check your e-mail: we sent a link to <b>{sentTo}</b>. Open it to choose your name and password.
      </p>
    );
  }
  return (
    <form class="login-form" onSubmit={(e) => void onSubmit(e)} aria-label="Sign up">
      <label for="signup-email">Email</label>
      <input id="signup-email" type="email" autocomplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      <button type="submit" class="primary" disabled={busy}>
        Send me a sign-up link
      </button>
      <ErrorAlert error={error} />
    </form>
  );
}

/** An e-mailed link: its address, a name and a password; the answer logs the browser in. */
function AccountForm({ invitationKey, email, onSignedUp }: { invitationKey: string; email: string; onSignedUp: () => void }) {
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await client.request(settingsEndpoints.webSignup, { key: invitationKey, full_name: fullName, password });
      if (result.ok) onSignedUp();
      else setError(result.body.msg || 'Sign-up failed.');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="login-form" onSubmit={(e) => void onSubmit(e)} aria-label="Sign up">
      <label for="signup-email">Email</label>
      <input id="signup-email" type="email" readOnly value={email} />
      <label for="signup-name">Full name</label>
      <input
        id="signup-name"
        type="text"
        autocomplete="name"
        required
        value={fullName}
        onInput={(e) => setFullName(e.currentTarget.value)}
      />
      <label for="signup-password">Password</label>
      <input
        id="signup-password"
        type="password"
        autocomplete="new-password"
        required
        minLength={6}
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={busy}>
        Sign up
      </button>
      <ErrorAlert error={error} />
    </form>
  );
}

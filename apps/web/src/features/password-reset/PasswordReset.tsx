/**
 * Password reset in the web client: the form that asks for a link (the answer never says whether
 * the address has an account), and the page a mailed link opens, which sets the new password and
 * sends the user to log in again (every session of theirs ended).
 */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { client, errorText } from '../../api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import type { ResetPage } from './reset-path';

export function PasswordReset({ page, onDone }: { page: ResetPage; onDone: () => void }) {
  return (
    <main class="login-page">
      <div class="login-card">
        <h1>{page.kind === 'request' ? 'Forgot your password?' : 'Choose a new password'}</h1>
        {page.kind === 'request' ? <RequestForm /> : <NewPasswordForm token={page.token} onDone={onDone} />}
        <p>
          <a
            href="/"
            onClick={(e) => {
              e.preventDefault();
              onDone();
            }}
          >
            Back to the login page
          </a>
        </p>
      </div>
    </main>
  );
}

function useSubmit(send: () => Promise<{ ok: boolean; status: number; body: { msg: string } }>, onSuccess: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await send();
      if (result.ok) onSuccess();
      else setError(result.status === 429 ? 'Too many requests: try again later.' : result.body.msg || 'That did not work.');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

function RequestForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { error, busy, submit } = useSubmit(
    () => client.request(settingsEndpoints.webRequestPasswordReset, { email: email.trim() }),
    () => setSentTo(email.trim()),
  );
  if (sentTo !== null) {
    return (
      <p role="status">
        If <b>{sentTo}</b> has an account here, we sent it a link to choose a new password. Check your e-mail.
      </p>
    );
  }
  return (
    <form class="login-form" onSubmit={(e) => void submit(e)} aria-label="Reset password">
      <p>Enter your e-mail address and we will send you a link to choose a new password.</p>
      <label for="reset-email">Email</label>
      <input id="reset-email" type="email" autocomplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      <button type="submit" class="primary" disabled={busy}>
        Send me a link
      </button>
      <ErrorAlert error={error} />
    </form>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [changed, setChanged] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const { error, busy, submit } = useSubmit(
    () => client.request(settingsEndpoints.webConfirmPasswordReset, { token, new_password: password }),
    () => setChanged(true),
  );
  if (changed) {
    return (
      <div role="status">
        <p>Your password has been changed, and you were logged out everywhere.</p>
        <button type="button" class="primary" onClick={onDone}>
          Log in
        </button>
      </div>
    );
  }
  const onSubmit = (e: Event) => {
    e.preventDefault();
    setMismatch(password !== again);
    if (password === again) void submit(e);
  };
  return (
    <form class="login-form" onSubmit={onSubmit} aria-label="Choose a new password">
      <label for="reset-password">New password</label>
      <input
        id="reset-password"
        type="password"
        autocomplete="new-password"
        required
        minLength={6}
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
      />
      <label for="reset-password-again">New password again</label>
      <input
        id="reset-password-again"
        type="password"
        autocomplete="new-password"
        required
        value={again}
        onInput={(e) => setAgain(e.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={busy}>
        Change my password
      </button>
      <ErrorAlert error={mismatch ? 'The two passwords are not the same.' : error} />
    </form>
  );
}

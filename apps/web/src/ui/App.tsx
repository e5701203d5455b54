import { useEffect, useState } from 'preact/hooks';
import { startSession } from '../features/session/session';
import { PasswordReset } from '../features/password-reset/PasswordReset';
import { resetPageOf } from '../features/password-reset/reset-path';
import { invitationKeyOf } from '../features/session/invitation';
import { useStore, ui } from '../store';
import { Login } from '../features/session/Login';
import { Shell } from './Shell';
import { Signup } from '../features/session/Signup';

export function App() {
  const auth = useStore(ui, (s) => s.auth);
  const error = useStore(ui, (s) => s.error);
  // An invitation link opens the sign-up form; the session starts once the account exists.
  const [invitationKey, setInvitationKey] = useState(() => invitationKeyOf(location.pathname));
  // A password reset page (the form, or a mailed link) comes before any session.
  const [resetPage, setResetPage] = useState(() => resetPageOf(location.pathname));
  useEffect(() => {
    if (!invitationKey && !resetPage) void startSession();
  }, [invitationKey, resetPage]);
  if (resetPage) {
    const leave = () => {
      history.replaceState(null, '', '/');
      setResetPage(null);
    };
    return <PasswordReset page={resetPage} onDone={leave} />;
  }
  if (invitationKey) {
    const signedUp = () => {
      history.replaceState(null, '', '/');
      setInvitationKey(null);
    };
    return <Signup invitationKey={invitationKey} onSignedUp={signedUp} />;
  }
  if (auth === 'login') return <Login />;
  if (auth === 'loading') {
    return (
      <main class="loading-screen" aria-busy="true">
        <p role="status">Loading…</p>
        {error && <p class="error">{error}</p>}
      </main>
    );
  }
  return <Shell />;
}

import { useEffect, useState } from 'preact/hooks';
import { startSession } from '../controller';
import { invitationKeyOf } from '../lib/invitation';
import { useStore, ui } from '../store';
import { Login } from './Login';
import { Shell } from './Shell';
import { Signup } from './Signup';

export function App() {
  const auth = useStore(ui, (s) => s.auth);
  const error = useStore(ui, (s) => s.error);
  // An invitation link opens the sign-up form; the session starts once the account exists.
  const [invitationKey, setInvitationKey] = useState(() => invitationKeyOf(location.pathname));
  useEffect(() => {
    if (!invitationKey) void startSession();
  }, [invitationKey]);
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

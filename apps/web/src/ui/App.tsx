import { useEffect } from 'preact/hooks';
import { startSession } from '../controller';
import { useStore, ui } from '../store';
import { Login } from './Login';
import { Shell } from './Shell';

export function App() {
  const auth = useStore(ui, (s) => s.auth);
  const error = useStore(ui, (s) => s.error);
  useEffect(() => {
    void startSession();
  }, []);
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

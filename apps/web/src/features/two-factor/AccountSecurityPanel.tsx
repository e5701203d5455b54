/**
 * The account security section of the settings: two-factor authentication and the API key (shown
 * for the password, the way to a key once two-factor is on).
 */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api, errorText } from '../../api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { OwnZuliprcDownload } from '../settings/personal/ZuliprcDownload';
import { TwoFactorSection } from './TwoFactorPanel';

export function AccountSecurityPanel() {
  return (
    <section class="settings-section" aria-label="Account security">
      <TwoFactorSection />
      <ApiKeySection />
    </section>
  );
}

function ApiKeySection() {
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setApiKey((await api(settingsEndpoints.webShowOwnApiKey, { password })).api_key);
      setPassword('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="api-key" aria-labelledby="api-key-title">
      <h3 id="api-key-title">API key</h3>
      <p>Bots, scripts and apps use your e-mail address and this key to act as you. Keep it secret.</p>
      {apiKey ? (
        <p>
          Your API key: <code class="api-key-value">{apiKey}</code> <OwnZuliprcDownload apiKey={apiKey} />
        </p>
      ) : (
        <form class="login-form" aria-label="Show my API key" onSubmit={(e) => void onSubmit(e)}>
          <label for="api-key-password">Password</label>
          <input
            id="api-key-password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
          <button type="submit" class="primary" disabled={busy}>
            Show my API key
          </button>
          <ErrorAlert error={error} />
        </form>
      )}
    </section>
  );
}

/**
 * The setting that turns Web Push on for this browser: a checkbox in the top bar. Permission is
 * asked only when the person ticks it (browsers refuse a request made without a click).
 */
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../../api';
import { currentSubscription, disableWebPush, enableWebPush, webPushSupported } from './web-push';

export function WebPushToggle() {
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void currentSubscription().then((subscription) => setEnabled(subscription !== null && Notification.permission === 'granted'));
  }, []);
  if (!webPushSupported()) return null;
  const toggle = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) await enableWebPush();
      else await disableWebPush();
      setEnabled(on);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <label class="web-push-toggle" title={problem ?? 'Notifications of private messages and mentions while no tab is open'}>
      <input type="checkbox" checked={enabled} disabled={busy} onChange={(e) => void toggle(e.currentTarget.checked)} />
      Notify me when closed
      {problem && (
        <span class="error" role="alert">
          {' '}
          {problem}
        </span>
      )}
    </label>
  );
}

/**
 * Deactivating one's own account (DELETE /users/me), after a confirm step; the server refuses the
 * realm's last administrator, and that refusal is shown. Once done, the session is over.
 */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../../api';
import { Feedback } from './Feedback';
import { useSave } from './useSave';

export function DeactivateSection() {
  const [confirming, setConfirming] = useState(false);
  const save = useSave();
  const deactivate = async () => {
    if (await save.run(() => api(settingsEndpoints.deactivateOwnUser, {}))) location.assign('/');
  };
  return (
    <section class="settings-section personal" aria-label="Deactivate account">
      <p>Deactivating your account logs you out everywhere and deactivates your bots. An administrator can reactivate it.</p>
      {confirming ? (
        <div role="group" aria-label="Confirm deactivation">
          <p>Are you sure? You will be logged out at once.</p>
          <button type="button" class="danger" disabled={save.busy} onClick={() => void deactivate()}>
            Yes, deactivate my account
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          Deactivate my account
        </button>
      )}
      <Feedback save={save} />
    </section>
  );
}

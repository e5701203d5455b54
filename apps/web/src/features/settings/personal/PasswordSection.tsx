/** Changing one's password: the current one, the new one twice; PATCH /settings checks and stores it. */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../../api';
import { Feedback } from './Feedback';
import { passwordFormProblem } from './settings-model';
import { useSave } from './useSave';

export function PasswordSection() {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave();
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    const found = passwordFormProblem(oldPassword, newPassword, again);
    setProblem(found);
    if (found) return;
    const ok = await save.run(
      () => api(settingsEndpoints.updateSettings, { old_password: oldPassword, new_password: newPassword }),
      'Your password is changed.',
    );
    if (ok) [setOld, setNew, setAgain].forEach((set) => set(''));
  };
  return (
    <section class="settings-section personal" aria-label="Password">
      <form class="settings-form" aria-label="Change my password" onSubmit={(e) => void onSubmit(e)}>
        <label for="password-old">Current password</label>
        <input
          id="password-old"
          type="password"
          autocomplete="current-password"
          value={oldPassword}
          onInput={(e) => setOld(e.currentTarget.value)}
        />
        <label for="password-new">New password</label>
        <input
          id="password-new"
          type="password"
          autocomplete="new-password"
          value={newPassword}
          onInput={(e) => setNew(e.currentTarget.value)}
        />
        <label for="password-again">New password again</label>
        <input
          id="password-again"
          type="password"
          autocomplete="new-password"
          value={again}
          onInput={(e) => setAgain(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={save.busy}>
          Change my password
        </button>
        {problem && (
          <p role="alert" class="error">
            {problem}
          </p>
        )}
        <Feedback save={save} />
      </form>
    </section>
  );
}

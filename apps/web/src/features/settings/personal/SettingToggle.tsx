/**
 * One boolean personal setting as a checkbox: its value is what the client holds (kept current by
 * the server's user_settings events); a change is sent as PATCH /settings.
 */
import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../../../api';
import { app, useStore } from '../../../store';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import './personal.css';
import { boolSetting, type Toggle } from './settings-model';

export function SettingToggle({ toggle, onChange }: { toggle: Toggle; onChange?: (value: boolean) => void }) {
  const held = useStore(app, (s) => boolSetting(s.settings, toggle.name));
  // The value asked for, shown until the server's event brings it (or the server refuses it).
  const [pending, setPending] = useState<boolean | null>(null);
  useEffect(() => setPending(null), [held]);
  const [error, setError] = useState<string | null>(null);
  const id = `setting-${toggle.name}`;
  const change = async (value: boolean) => {
    setPending(value);
    setError(null);
    try {
      await api(settingsEndpoints.updateSettings, { [toggle.name]: value });
      onChange?.(value);
    } catch (err) {
      setError(errorText(err));
      setPending(null);
    }
  };
  return (
    <div class="setting-toggle">
      <input id={id} type="checkbox" checked={pending ?? held} onChange={(e) => void change(e.currentTarget.checked)} />
      <label for={id}>{toggle.label}</label>
      <ErrorAlert error={error} />
    </div>
  );
}

/**
 * Notifications: the global toggles (desktop, sounds, e-mail, mobile, wildcard mentions, digests)
 * through PATCH /settings, the notification sound, and each subscribed stream's own choices
 * (subscription properties; a stream without its own follows the global stream setting).
 */
import { settingsEndpoints, subscriptionEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../../api';
import { app, useStore } from '../../../store';
import { Feedback } from './Feedback';
import { fetchState, type FetchedState } from './initial-state';
import {
  effectiveStreamNotification,
  NOTIFICATION_TOGGLES,
  STREAM_NOTIFICATIONS,
  stringListSetting,
  stringSetting,
  type StreamNotification,
} from './settings-model';
import { SettingToggle } from './SettingToggle';
import { useSave } from './useSave';

export function NotificationsSection() {
  return (
    <section class="settings-section personal" aria-label="Notifications">
      {NOTIFICATION_TOGGLES.map((group) => (
        <fieldset key={group.title}>
          <legend>{group.title}</legend>
          {group.toggles.map((t) => (
            <SettingToggle key={t.name} toggle={t} />
          ))}
        </fieldset>
      ))}
      <SoundChoice />
      <StreamNotifications />
    </section>
  );
}

function SoundChoice() {
  const sound = useStore(app, (s) => stringSetting(s.settings, 'notification_sound'));
  const sounds = useStore(app, (s) => stringListSetting(s.settings, 'available_notification_sounds').join(','));
  const save = useSave();
  const choices = sounds ? sounds.split(',') : [];
  if (choices.length === 0) return null;
  return (
    <div class="settings-form">
      <label for="notification-sound">Notification sound</label>
      <select
        id="notification-sound"
        value={sound}
        disabled={save.busy}
        onChange={(e) => void save.run(() => api(settingsEndpoints.updateSettings, { notification_sound: e.currentTarget.value }))}
      >
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <Feedback save={save} />
    </div>
  );
}

type Sub = NonNullable<FetchedState['subscriptions']>[number];

function StreamNotifications() {
  const settings = useStore(app, (s) => s.settings);
  const [subs, setSubs] = useState<Sub[] | null>(null);
  const save = useSave();
  useEffect(() => {
    void fetchState(['subscription']).then((state) =>
      setSubs([...(state.subscriptions ?? [])].sort((a, b) => a.name.localeCompare(b.name))),
    );
  }, []);
  const setOwn = (streamId: number, property: StreamNotification, value: boolean | null) =>
    setSubs((list) => list?.map((s) => (s.stream_id === streamId ? { ...s, [property]: value } : s)) ?? null);
  // Shown at once; put back if the server refuses it.
  const change = async (sub: Sub, property: StreamNotification, value: boolean) => {
    setOwn(sub.stream_id, property, value);
    const ok = await save.run(() =>
      api(subscriptionEndpoints.updateSubscriptionProperties, { subscription_data: [{ stream_id: sub.stream_id, property, value }] }),
    );
    if (!ok) setOwn(sub.stream_id, property, sub[property]);
  };
  if (!subs) return <p role="status">Loading streams…</p>;
  return (
    <div class="settings-form">
      <table class="settings-table" aria-label="Notifications by stream">
        <thead>
          <tr>
            <th scope="col">Stream</th>
            {STREAM_NOTIFICATIONS.map((n) => (
              <th key={n.property} scope="col">
                {n.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {subs.map((sub) => (
            <tr key={sub.stream_id}>
              <th scope="row">#{sub.name}</th>
              {STREAM_NOTIFICATIONS.map((n) => (
                <td key={n.property}>
                  <input
                    type="checkbox"
                    aria-label={`${n.label} notifications for #${sub.name}`}
                    checked={effectiveStreamNotification(sub[n.property], settings, n.fallback)}
                    onChange={(e) => void change(sub, n.property, e.currentTarget.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Feedback save={save} />
    </div>
  );
}

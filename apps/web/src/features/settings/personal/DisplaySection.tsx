/**
 * Display: this browser's light or dark theme (the client's own choice, kept in the browser), and
 * the display settings the server keeps for every device (24-hour time, Zulip's dark theme...).
 */
import { useState } from 'preact/hooks';
import { currentTheme, setTheme, type Theme } from '../../../ui/theme';
import { DISPLAY_TOGGLES } from './settings-model';
import { SettingToggle } from './SettingToggle';

export function DisplaySection() {
  const [theme, setState] = useState<Theme>(currentTheme());
  const pick = (next: Theme) => {
    setTheme(next);
    setState(next);
  };
  return (
    <section class="settings-section personal" aria-label="Display">
      <fieldset>
        <legend>Theme in this browser</legend>
        {(['light', 'dark'] as const).map((t) => (
          <div class="setting-toggle" key={t}>
            <input id={`theme-${t}`} type="radio" name="theme" checked={theme === t} onChange={() => pick(t)} />
            <label for={`theme-${t}`}>{t === 'light' ? 'Light' : 'Dark'}</label>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>On all my devices</legend>
        {DISPLAY_TOGGLES.map((t) => (
          <SettingToggle key={t.name} toggle={t} onChange={t.name === 'night_mode' ? (dark) => pick(dark ? 'dark' : 'light') : undefined} />
        ))}
      </fieldset>
    </section>
  );
}

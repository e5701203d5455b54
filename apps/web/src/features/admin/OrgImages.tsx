/** The organization's icon and logo: upload a new image or go back to the default. */
import { settingsEndpoints } from '@chat/contracts';
import { api } from '../../api';
import { ActionStatus, uploadForm, useAction } from './admin-ui';

export function OrgImages({ iconUrl, logoUrl, onChanged }: { iconUrl: string; logoUrl: string; onChanged: () => Promise<void> }) {
  const action = useAction();
  const upload = (kind: 'icon' | 'logo', input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const fields: Record<string, string> = kind === 'logo' ? { night: 'false' } : {};
    void action.run(() => uploadForm(`/realm/${kind}`, file, fields), `New ${kind} uploaded.`, onChanged).then(() => (input.value = ''));
  };
  return (
    <section class="admin-images" aria-labelledby="org-images-title">
      <h3 id="org-images-title">Icon and logo</h3>
      <div class="admin-image">
        {iconUrl && <img src={iconUrl} alt="Current organization icon" width={50} height={50} />}
        <label for="org-icon-file">Upload an icon</label>
        <input id="org-icon-file" type="file" accept="image/*" disabled={action.busy} onChange={(e) => upload('icon', e.currentTarget)} />
        <button
          type="button"
          disabled={action.busy}
          onClick={() => void action.run(() => api(settingsEndpoints.deleteRealmIcon), 'Icon reset.', onChanged)}
        >
          Use the default icon
        </button>
      </div>
      <div class="admin-image">
        {logoUrl && <img src={logoUrl} alt="Current organization logo" height={25} />}
        <label for="org-logo-file">Upload a logo</label>
        <input id="org-logo-file" type="file" accept="image/*" disabled={action.busy} onChange={(e) => upload('logo', e.currentTarget)} />
        <button
          type="button"
          disabled={action.busy}
          onClick={() => void action.run(() => api(settingsEndpoints.deleteRealmLogo, { night: false }), 'Logo reset.', onChanged)}
        >
          Use the default logo
        </button>
      </div>
      <ActionStatus action={action} />
    </section>
  );
}

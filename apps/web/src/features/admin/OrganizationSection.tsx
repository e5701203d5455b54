/**
 * Organization settings: name, description, icon and logo, invitation rules, message edit and
 * delete policies, retention and the login methods; one form sending only what changed.
 */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { ActionStatus, AdminScreen, useAction, useLoad, type Action } from './admin-ui';
import { OrgImages } from './OrgImages';
import { orgFormFrom, realmPatch, type OrgForm } from './org-settings';
import { loadRealmState } from './realm-state';

export function OrganizationSection() {
  const loaded = useLoad(async () => {
    const state = await loadRealmState(['realm']);
    return { form: orgFormFrom(state), iconUrl: state.realm_icon_url ?? '', logoUrl: state.realm_logo_url ?? '' };
  });
  // Kept here: the form is made anew from each reload, and its outcome stays shown.
  const action = useAction();
  return (
    <AdminScreen title="Organization settings" loaded={loaded}>
      {loaded.data && (
        <>
          <OrgForm key={JSON.stringify(loaded.data.form)} initial={loaded.data.form} action={action} onSaved={loaded.reload} />
          <OrgImages iconUrl={loaded.data.iconUrl} logoUrl={loaded.data.logoUrl} onChanged={loaded.reload} />
        </>
      )}
    </AdminScreen>
  );
}

function Check({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="check" for={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      {label}
    </label>
  );
}

function OrgForm({ initial, action, onSaved }: { initial: OrgForm; action: Action; onSaved: () => Promise<void> }) {
  const [form, setForm] = useState(initial);
  const set = (change: Partial<OrgForm>) => setForm((f) => ({ ...f, ...change }));
  const save = (e: Event) => {
    e.preventDefault();
    const patch = realmPatch(initial, form);
    if (Object.keys(patch).length === 0) return;
    void action.run(() => api(settingsEndpoints.updateRealm, patch), 'Organization settings saved.', onSaved);
  };
  const methods = Object.keys(form.authMethods).sort();
  return (
    <form class="admin-form" aria-label="Organization settings" onSubmit={save}>
      <h3>Profile</h3>
      <label for="org-name">Organization name</label>
      <input id="org-name" required value={form.name} onInput={(e) => set({ name: e.currentTarget.value })} />
      <label for="org-description">Description</label>
      <textarea id="org-description" rows={3} value={form.description} onInput={(e) => set({ description: e.currentTarget.value })} />
      <h3>Joining</h3>
      <Check
        id="org-invite-required"
        label="Joining needs an invitation"
        checked={form.inviteRequired}
        onChange={(v) => set({ inviteRequired: v })}
      />
      <Check
        id="org-invite-admins"
        label="Only administrators may invite"
        checked={form.inviteByAdminsOnly}
        onChange={(v) => set({ inviteByAdminsOnly: v })}
      />
      <Check
        id="org-restrict-domains"
        label="Only addresses at the organization's e-mail domains may join"
        checked={form.emailsRestrictedToDomains}
        onChange={(v) => set({ emailsRestrictedToDomains: v })}
      />
      <h3>Messages</h3>
      <Check
        id="org-allow-editing"
        label="People may edit their messages"
        checked={form.allowEditing}
        onChange={(v) => set({ allowEditing: v })}
      />
      <label for="org-edit-limit">Editing allowed for (minutes, 0: no limit)</label>
      <input
        id="org-edit-limit"
        type="number"
        min={0}
        value={form.editLimitMinutes}
        onInput={(e) => set({ editLimitMinutes: Number(e.currentTarget.value) || 0 })}
      />
      <Check
        id="org-allow-deleting"
        label="People may delete their messages"
        checked={form.allowDeleting}
        onChange={(v) => set({ allowDeleting: v })}
      />
      <label for="org-delete-limit">Deleting allowed for (minutes, 0: no limit)</label>
      <input
        id="org-delete-limit"
        type="number"
        min={0}
        value={form.deleteLimitMinutes}
        onInput={(e) => set({ deleteLimitMinutes: Number(e.currentTarget.value) || 0 })}
      />
      <label for="org-retention">Keep messages for (days, empty: for ever)</label>
      <input
        id="org-retention"
        type="number"
        min={1}
        value={form.retentionDays ?? ''}
        onInput={(e) => set({ retentionDays: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
      />
      {methods.length > 0 && (
        <fieldset>
          <legend>Login methods</legend>
          {methods.map((m) => (
            <Check
              key={m}
              id={`org-auth-${m}`}
              label={m}
              checked={form.authMethods[m] ?? false}
              onChange={(v) => set({ authMethods: { ...form.authMethods, [m]: v } })}
            />
          ))}
        </fieldset>
      )}
      <button type="submit" class="primary" disabled={action.busy}>
        Save organization settings
      </button>
      <ActionStatus action={action} />
    </form>
  );
}

/**
 * Invitations: invite by e-mail or make a reusable link (a role and streams), the pending list,
 * revoke, resend. A member the realm lets invite is offered only what the server lets them do:
 * inviting by e-mail as a member or guest (links and staff roles are administrators').
 */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { app, useStore } from '../../store';
import { ActionStatus, AdminScreen, useAction, useLoad } from './admin-ui';
import { expiryText, parseEmails, readInvites } from './invites';
import { loadRealmState } from './realm-state';
import { ROLE_OPTIONS, roleLabel } from './roles';

export function InvitesSection() {
  const loaded = useLoad(async () => {
    const [state, invites] = await Promise.all([loadRealmState(['stream']), api(settingsEndpoints.getInvites)]);
    return { streams: state.streams ?? [], invites: readInvites(invites.invites) };
  });
  const isAdmin = useStore(app, (s) => s.users[s.selfId]?.is_admin === true);
  const roles = ROLE_OPTIONS.filter((r) => isAdmin || (r.code !== 200 && r.code !== 300));
  const action = useAction();
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState(400);
  const [streamIds, setStreamIds] = useState<number[]>([]);
  const [link, setLink] = useState<string | null>(null);
  const toggle = (id: number, on: boolean) => setStreamIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const invite = async (e: Event) => {
    e.preventDefault();
    const invitees = parseEmails(emails).join(',');
    const ok = await action.run(
      () => api(settingsEndpoints.inviteUsers, { invitee_emails: invitees, stream_ids: streamIds, invite_as: role }),
      'Invitations sent.',
      loaded.reload,
    );
    if (ok) setEmails('');
  };
  const makeLink = () =>
    action.run(
      async () => setLink((await api(settingsEndpoints.createMultiuseInvite, { stream_ids: streamIds, invite_as: role })).invite_link),
      'Reusable link created.',
      loaded.reload,
    );
  const now = Date.now() / 1000;
  return (
    <AdminScreen title="Invitations" loaded={loaded}>
      <form class="admin-form" aria-label="Invite people" onSubmit={(e) => void invite(e)}>
        <label for="invite-emails">E-mail addresses (separated by commas or new lines)</label>
        <textarea id="invite-emails" rows={3} value={emails} onInput={(e) => setEmails(e.currentTarget.value)} />
        <label for="invite-role">Role</label>
        <select id="invite-role" value={role} onChange={(e) => setRole(Number(e.currentTarget.value))}>
          {roles.map((r) => (
            <option key={r.code} value={r.code}>
              {r.label}
            </option>
          ))}
        </select>
        <fieldset>
          <legend>Streams they join</legend>
          {(loaded.data?.streams ?? []).map((s) => (
            <label key={s.stream_id} class="check">
              <input
                type="checkbox"
                checked={streamIds.includes(s.stream_id)}
                onChange={(e) => toggle(s.stream_id, e.currentTarget.checked)}
              />
              {s.name}
            </label>
          ))}
        </fieldset>
        <button type="submit" class="primary" disabled={action.busy}>
          Send invitations
        </button>
        {isAdmin && (
          <button type="button" disabled={action.busy} onClick={() => void makeLink()}>
            Create a reusable link
          </button>
        )}
      </form>
      {link && (
        <p>
          Reusable link: <code class="invite-link">{link}</code>
        </p>
      )}
      <ActionStatus action={action} />
      <h3>Pending invitations</h3>
      {loaded.data?.invites.length === 0 && <p>No pending invitations.</p>}
      <ul class="admin-list" aria-label="Pending invitations">
        {(loaded.data?.invites ?? []).map((inv) => (
          <li key={`${inv.isLink ? 'link' : 'mail'}-${inv.id}`}>
            <span>
              {inv.isLink ? 'Reusable link' : inv.target} — {roleLabel(inv.invitedAs)}, {expiryText(inv.expiresAt, now)}
            </span>
            {!inv.isLink && (
              <button
                type="button"
                aria-label={`Resend to ${inv.target}`}
                disabled={action.busy}
                onClick={() =>
                  void action.run(
                    () => api(settingsEndpoints.resendInvite, { prereg_id: inv.id }),
                    `Sent again to ${inv.target}.`,
                    loaded.reload,
                  )
                }
              >
                Resend
              </button>
            )}
            <button
              type="button"
              aria-label={`Revoke ${inv.isLink ? 'link' : inv.target}`}
              disabled={action.busy}
              onClick={() =>
                void action.run(
                  () =>
                    inv.isLink
                      ? api(settingsEndpoints.revokeMultiuseInvite, { invite_id: inv.id })
                      : api(settingsEndpoints.revokeInvite, { prereg_id: inv.id }),
                  'Invitation revoked.',
                  loaded.reload,
                )
              }
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </AdminScreen>
  );
}

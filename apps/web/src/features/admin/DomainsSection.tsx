/** E-mail domains: the domains the organization may restrict sign-ups to; add, allow subdomains, remove. */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { ActionStatus, AdminScreen, useAction, useLoad } from './admin-ui';
import { loadRealmState } from './realm-state';

export function DomainsSection() {
  const loaded = useLoad(async () => (await loadRealmState(['realm_domains'])).realm_domains ?? []);
  const action = useAction();
  const [domain, setDomain] = useState('');
  const [subdomains, setSubdomains] = useState(false);
  const add = async (e: Event) => {
    e.preventDefault();
    const ok = await action.run(
      () => api(settingsEndpoints.createRealmDomain, { domain: domain.trim(), allow_subdomains: subdomains }),
      `${domain.trim()} added.`,
      loaded.reload,
    );
    if (ok) setDomain('');
  };
  return (
    <AdminScreen title="E-mail domains" loaded={loaded}>
      <p>When the organization settings restrict sign-ups to these domains, only addresses at them may join.</p>
      <ul class="admin-list" aria-label="E-mail domains">
        {(loaded.data ?? []).map((d) => (
          <li key={d.domain}>
            <span>{d.domain}</span>
            <label class="check">
              <input
                type="checkbox"
                checked={d.allow_subdomains}
                disabled={action.busy}
                onChange={(e) => {
                  const allow = e.currentTarget.checked;
                  void action.run(
                    () => api(settingsEndpoints.updateRealmDomain, { domain: d.domain, allow_subdomains: allow }),
                    `${d.domain} changed.`,
                    loaded.reload,
                  );
                }}
              />
              Subdomains of {d.domain} too
            </label>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(() => api(settingsEndpoints.removeRealmDomain, { domain: d.domain }), `${d.domain} removed.`, loaded.reload)
              }
            >
              Remove {d.domain}
            </button>
          </li>
        ))}
      </ul>
      <form class="admin-form" aria-label="Add a domain" onSubmit={(e) => void add(e)}>
        <label for="new-domain">Domain</label>
        <input id="new-domain" required value={domain} onInput={(e) => setDomain(e.currentTarget.value)} />
        <label class="check">
          <input type="checkbox" checked={subdomains} onChange={(e) => setSubdomains(e.currentTarget.checked)} />
          Allow its subdomains
        </label>
        <button type="submit" class="primary" disabled={action.busy}>
          Add domain
        </button>
      </form>
      <ActionStatus action={action} />
    </AdminScreen>
  );
}

/**
 * The settings panel: the sections the viewer may see, grouped by area, and the one the hash
 * names, loaded when first opened. Each section is its own component (sections.ts).
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../../controller';
import { app, ui, useStore } from '../../store';
import { adminSections } from '../admin/admin-sections';
import { loadCapabilities } from './load-capabilities';
import { NO_CAPABILITIES, type Capabilities } from './permissions';
import { personalSections } from './personal-sections';
import type { SettingsSection, Viewer } from './sections';
import { sectionForRoute, settingsHash, visibleSections } from './settings-route';

const ALL_SECTIONS = [...personalSections, ...adminSections];
const AREA_TITLES = { settings: 'Personal settings', organization: 'Organization' } as const;

/** The viewer, with what the realm lets them do read when the panel opens (again if their role changes). */
function useViewer(): Viewer {
  const userId = useStore(app, (s) => s.selfId);
  const isAdmin = useStore(app, (s) => s.users[s.selfId]?.is_admin === true);
  const [may, setMay] = useState<Capabilities | null>(null);
  useEffect(() => {
    let current = true;
    void loadCapabilities().then(
      (found) => current && setMay(found),
      // Unknown permissions offer nothing the server might refuse.
      () => current && setMay(NO_CAPABILITIES),
    );
    return () => {
      current = false;
    };
  }, [userId, isAdmin]);
  return { userId, isAdmin, may };
}

function SectionBody({ section }: { section: SettingsSection }) {
  const [loaded, setLoaded] = useState<{ id: string; component: ComponentType } | null>(null);
  useEffect(() => {
    let current = true;
    void section.load().then((component) => {
      if (current) setLoaded({ id: section.id, component });
    });
    return () => {
      current = false;
    };
  }, [section]);
  if (loaded?.id !== section.id) return <p role="status">Loading…</p>;
  const Body = loaded.component;
  return <Body />;
}

export function SettingsPanel() {
  const route = useStore(ui, (s) => s.settingsRoute);
  const viewer = useViewer();
  const sections = visibleSections(ALL_SECTIONS, viewer);
  // An organization address waits for the permissions that decide its sections.
  const pending = viewer.may === null && route?.area === 'organization';
  const current = route && !pending ? sectionForRoute(sections, route) : undefined;
  // Back to the conversation the panel covers, by its hash (which also closes the panel).
  const close = () => navigate(app.get().view.narrow);
  return (
    <section class="settings-panel" aria-label="Settings">
      <div class="panel-head">
        <h2>{current?.title ?? 'Settings'}</h2>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
      <div class="settings-layout">
        <nav class="settings-nav" aria-label="Settings sections">
          {(['settings', 'organization'] as const).map((area) => {
            const inArea = sections.filter((s) => s.area === area);
            if (inArea.length === 0) return null;
            return (
              <div key={area}>
                <h3>{AREA_TITLES[area]}</h3>
                <ul>
                  {inArea.map((s) => (
                    <li key={s.id}>
                      <a href={settingsHash(s)} aria-current={s === current ? 'page' : undefined}>
                        {s.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        <div class="settings-body">
          {pending && <p role="status">Loading…</p>}
          {current && <SectionBody section={current} />}
        </div>
      </div>
    </section>
  );
}

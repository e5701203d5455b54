/**
 * The settings panel's routes: `#settings/<section>` and `#organization/<section>` (Zulip's
 * hashes), to and from the section they open, among the sections a viewer may see.
 */
import type { SectionInfo, SettingsArea, Viewer } from './section-info';

export interface SettingsRoute {
  area: SettingsArea;
  sectionId: string;
}

export function parseSettingsHash(hash: string): SettingsRoute | null {
  const match = /^#(settings|organization)(?:\/([\w-]*))?$/.exec(hash);
  if (!match) return null;
  return { area: match[1] === 'organization' ? 'organization' : 'settings', sectionId: match[2] ?? '' };
}

export function settingsHash(section: Pick<SectionInfo, 'area' | 'id'>): string {
  return `#${section.area}/${section.id}`;
}

export function visibleSections<S extends SectionInfo>(sections: S[], viewer: Viewer): S[] {
  return sections.filter((s) => s.visible === undefined || s.visible(viewer));
}

/** The section a route opens: the one it names if the viewer may see it, else its area's first. */
export function sectionForRoute<S extends SectionInfo>(sections: S[], route: SettingsRoute): S | undefined {
  const inArea = sections.filter((s) => s.area === route.area);
  return inArea.find((s) => s.id === route.sectionId) ?? inArea[0] ?? sections[0];
}

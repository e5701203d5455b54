/**
 * The settings screens, as data: each section names its area (the person's own settings or the
 * organization's), its title, who may see it and how its component loads. The panel, the
 * navigation and the hash routes are all derived from these lists.
 */
import type { ComponentType } from 'preact';
import type { SectionInfo } from './section-info';

export type { SettingsArea, Viewer } from './section-info';

export interface SettingsSection extends SectionInfo {
  load: () => Promise<ComponentType>;
}

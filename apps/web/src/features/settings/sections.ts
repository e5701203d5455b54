/**
 * The settings screens, as data: each section names its area (the person's own settings or the
 * organization's), its title, who may see it and how its component loads. The panel, the
 * navigation and the hash routes are all derived from these lists.
 */
import type { ComponentType } from 'preact';

export type SettingsArea = 'settings' | 'organization';

/** What decides which sections a person sees: the server's own rules decide what they may change. */
export interface Viewer {
  userId: number;
  isAdmin: boolean;
}

export interface SettingsSection {
  /** The hash's last part: `#settings/<id>` or `#organization/<id>`. */
  id: string;
  area: SettingsArea;
  title: string;
  visible?: (viewer: Viewer) => boolean;
  load: () => Promise<ComponentType>;
}

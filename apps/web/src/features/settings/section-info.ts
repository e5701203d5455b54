/**
 * What the settings routes and navigation know of a section, without its component (so the
 * route model stays free of the UI library and is tested on its own).
 */
import type { Capabilities } from './permissions';

export type SettingsArea = 'settings' | 'organization';

/** What decides which sections a person sees: the server's own rules decide what they may change. */
export interface Viewer {
  userId: number;
  isAdmin: boolean;
  /** What the realm's policies let them do; null until read from the server. */
  may: Capabilities | null;
}

export interface SectionInfo {
  /** The hash's last part: `#settings/<id>` or `#organization/<id>`. */
  id: string;
  area: SettingsArea;
  title: string;
  visible?: (viewer: Viewer) => boolean;
}

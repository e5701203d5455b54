/** The organization's settings, in the order the navigation lists them. */
import type { SettingsSection } from '../settings/sections';

export const adminSections: SettingsSection[] = [];

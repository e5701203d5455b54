/** The person's own settings, in the order the navigation lists them. */
import type { SettingsSection } from './sections';

export const personalSections: SettingsSection[] = [
  {
    id: 'account-security',
    area: 'settings',
    title: 'Account security',
    load: () => import('../two-factor/AccountSecurityPanel').then((m) => m.AccountSecurityPanel),
  },
];

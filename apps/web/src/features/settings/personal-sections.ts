/** The person's own settings, in the order the navigation lists them. */
import type { SettingsSection } from './sections';

export const personalSections: SettingsSection[] = [
  { id: 'profile', area: 'settings', title: 'Profile', load: () => import('./personal/ProfileSection').then((m) => m.ProfileSection) },
  {
    id: 'account-security',
    area: 'settings',
    title: 'Account security',
    load: () => import('../two-factor/AccountSecurityPanel').then((m) => m.AccountSecurityPanel),
  },
  { id: 'password', area: 'settings', title: 'Password', load: () => import('./personal/PasswordSection').then((m) => m.PasswordSection) },
  {
    id: 'notifications',
    area: 'settings',
    title: 'Notifications',
    load: () => import('./personal/NotificationsSection').then((m) => m.NotificationsSection),
  },
  { id: 'display', area: 'settings', title: 'Display', load: () => import('./personal/DisplaySection').then((m) => m.DisplaySection) },
  { id: 'bots', area: 'settings', title: 'Bots', load: () => import('./personal/BotsSection').then((m) => m.BotsSection) },
  {
    id: 'muted',
    area: 'settings',
    title: 'Muted users and topics',
    load: () => import('./personal/MutingSection').then((m) => m.MutingSection),
  },
  {
    id: 'alert-words',
    area: 'settings',
    title: 'Alert words',
    load: () => import('./personal/AlertWordsSection').then((m) => m.AlertWordsSection),
  },
  {
    id: 'deactivate',
    area: 'settings',
    title: 'Deactivate account',
    load: () => import('./personal/DeactivateSection').then((m) => m.DeactivateSection),
  },
];

/**
 * The organization's settings, in the order the navigation lists them. Each is shown to
 * administrators only: the server refuses these changes to anyone else (it still checks each one).
 */
import type { SettingsSection, Viewer } from '../settings/sections';

const admins = (viewer: Viewer) => viewer.isAdmin;

export const adminSections: SettingsSection[] = [
  { id: 'users', title: 'Users', load: () => import('./UsersSection').then((m) => m.UsersSection) },
  { id: 'invitations', title: 'Invitations', load: () => import('./InvitesSection').then((m) => m.InvitesSection) },
  { id: 'streams', title: 'Streams', load: () => import('./StreamsSection').then((m) => m.StreamsSection) },
  { id: 'settings', title: 'Organization settings', load: () => import('./OrganizationSection').then((m) => m.OrganizationSection) },
  { id: 'domains', title: 'E-mail domains', load: () => import('./DomainsSection').then((m) => m.DomainsSection) },
  { id: 'default-streams', title: 'Default streams', load: () => import('./DefaultStreamsSection').then((m) => m.DefaultStreamsSection) },
  { id: 'linkifiers', title: 'Linkifiers', load: () => import('./LinkifiersSection').then((m) => m.LinkifiersSection) },
  { id: 'emoji', title: 'Custom emoji', load: () => import('./EmojiSection').then((m) => m.EmojiSection) },
  { id: 'user-groups', title: 'User groups', load: () => import('./UserGroupsSection').then((m) => m.UserGroupsSection) },
].map((section) => ({ ...section, area: 'organization' as const, visible: admins }));

/**
 * The organization's settings, in the order the navigation lists them, each shown to those the
 * server lets act there (the realm's policies open invitations, custom emoji and user groups to
 * members; the rest is administrators'), and to nobody until their permissions are known. The
 * server still checks each change.
 */
import type { Capabilities } from '../settings/permissions';
import type { SettingsSection, Viewer } from '../settings/sections';

const allowed = (capability: keyof Capabilities) => (viewer: Viewer) => viewer.may?.[capability] === true;

// Streams stay administrators': the screen edits, re-permissions and archives any stream.
export const adminSections: SettingsSection[] = [
  { id: 'users', title: 'Users', load: () => import('./UsersSection').then((m) => m.UsersSection) },
  {
    id: 'invitations',
    title: 'Invitations',
    load: () => import('./InvitesSection').then((m) => m.InvitesSection),
    visible: allowed('invite'),
  },
  { id: 'streams', title: 'Streams', load: () => import('./StreamsSection').then((m) => m.StreamsSection) },
  { id: 'settings', title: 'Organization settings', load: () => import('./OrganizationSection').then((m) => m.OrganizationSection) },
  { id: 'domains', title: 'E-mail domains', load: () => import('./DomainsSection').then((m) => m.DomainsSection) },
  { id: 'default-streams', title: 'Default streams', load: () => import('./DefaultStreamsSection').then((m) => m.DefaultStreamsSection) },
  { id: 'linkifiers', title: 'Linkifiers', load: () => import('./LinkifiersSection').then((m) => m.LinkifiersSection) },
  { id: 'emoji', title: 'Custom emoji', load: () => import('./EmojiSection').then((m) => m.EmojiSection), visible: allowed('addEmoji') },
  {
    id: 'user-groups',
    title: 'User groups',
    load: () => import('./UserGroupsSection').then((m) => m.UserGroupsSection),
    visible: allowed('editUserGroups'),
  },
].map((section) => ({ visible: allowed('administer'), ...section, area: 'organization' as const }));

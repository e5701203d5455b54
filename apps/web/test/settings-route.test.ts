import type { SectionInfo } from '../src/features/settings/section-info';
import { parseSettingsHash, sectionForRoute, settingsHash, visibleSections } from '../src/features/settings/settings-route';

const sections: SectionInfo[] = [
  { id: 'profile', area: 'settings', title: 'Profile' },
  { id: 'account-security', area: 'settings', title: 'Account security' },
  { id: 'users', area: 'organization', title: 'Users', visible: (v) => v.isAdmin },
  { id: 'streams', area: 'organization', title: 'Streams' },
];

describe('settings routes', () => {
  it('reads the area and section of a settings hash, and nothing of a narrow', () => {
    expect(parseSettingsHash('#settings/profile')).toEqual({ area: 'settings', sectionId: 'profile' });
    expect(parseSettingsHash('#organization')).toEqual({ area: 'organization', sectionId: '' });
    expect(parseSettingsHash('#narrow/stream/1-general')).toBeNull();
    expect(parseSettingsHash('#settings/../x')).toBeNull();
  });

  it('writes the hash a section is opened by', () => {
    expect(settingsHash(sections[2]!)).toBe('#organization/users');
  });

  it('shows a section only to those its rule admits', () => {
    expect(visibleSections(sections, { userId: 1, isAdmin: false, may: null }).map((s) => s.id)).toEqual([
      'profile',
      'account-security',
      'streams',
    ]);
    expect(visibleSections(sections, { userId: 1, isAdmin: true, may: null })).toHaveLength(4);
  });

  it("opens the named section, else its area's first, else the first of all", () => {
    const member = visibleSections(sections, { userId: 1, isAdmin: false, may: null });
    expect(sectionForRoute(member, { area: 'settings', sectionId: 'account-security' })?.id).toBe('account-security');
    expect(sectionForRoute(member, { area: 'organization', sectionId: 'users' })?.id).toBe('streams');
    expect(sectionForRoute(member, { area: 'settings', sectionId: '' })?.id).toBe('profile');
  });
});

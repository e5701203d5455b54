/** Deactivating the realm (Zulip 2.1's deactivate_realm). Declared in settingsEndpoints. */

export const settingsRealmDeactivationEndpoints = {
  deactivateRealm: {
    method: 'POST',
    path: '/realm/deactivate',
    auth: 'user',
    summary: 'Deactivate the realm: its users can no longer log in or use their API keys (administrators)',
    description:
      'Deactivates the whole realm: accounts are kept, but every login, session and API key of its users is refused from then on ' +
      "(the caller's included), and their sessions are ended. Active users receive a `realm` `deactivated` event. Deactivating " +
      'a deactivated realm does nothing. Administrators only; the API has no way to undo it.',
    params: {},
    success: {},
  },
} as const;

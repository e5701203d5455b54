/** A stream's privacy and posting rule as the streams screen offers them, and the PATCH they make. */
export type Privacy = 'public' | 'private-shared' | 'private-protected';

export const PRIVACY_OPTIONS: { value: Privacy; label: string }[] = [
  { value: 'public', label: 'Public: anyone in the organization may join' },
  { value: 'private-shared', label: 'Private, new subscribers see the history' },
  { value: 'private-protected', label: 'Private, new subscribers see only new messages' },
];

export function privacyOf(stream: { invite_only: boolean; history_public_to_subscribers: boolean }): Privacy {
  if (!stream.invite_only) return 'public';
  return stream.history_public_to_subscribers ? 'private-shared' : 'private-protected';
}

export function privacyParams(privacy: Privacy): { is_private: boolean; history_public_to_subscribers: boolean } {
  return { is_private: privacy !== 'public', history_public_to_subscribers: privacy !== 'private-protected' };
}

/** Zulip's stream_post_policy: 1 anyone, 2 administrators only (2.1's is_announcement_only). */
export function postingLabel(onlyAdmins: boolean): string {
  return onlyAdmins ? 'Only administrators may post' : 'Anyone subscribed may post';
}

/** A select's value as a privacy (anything unknown: public). */
export function toPrivacy(value: string): Privacy {
  return PRIVACY_OPTIONS.find((o) => o.value === value)?.value ?? 'public';
}

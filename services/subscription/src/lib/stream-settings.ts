/** Zulip's get_default_value_for_history_public_to_subscribers: public streams always share history. */
export function historyPublicDefault(inviteOnly: boolean, requested: boolean | undefined): boolean {
  return inviteOnly ? (requested ?? false) : true;
}

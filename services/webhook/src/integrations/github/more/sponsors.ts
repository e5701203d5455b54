/**
 * GitHub Sponsors: a sponsorship started, changed tier, was cancelled or changed visibility.
 * GitHub's Sponsors dashboard posts these to the same view as repository events, under the
 * `githubsponsors` URL; they are told in one "sponsors" topic.
 */
import { invalidArgument } from '@chat/errors';
import type { Handler } from '../../../framework/integration';
import { requireString, type JsonObject } from '../../../framework/payload';
import { senderName } from '../common';

const TOPIC = 'sponsors';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The tier's name, which says the amount ("$5 a month"). */
function tier(payload: JsonObject): string {
  return requireString(payload, 'sponsorship.tier.name');
}

function priorTier(payload: JsonObject): string {
  return requireString(payload, 'changes.tier.from.name');
}

/** `2020-01-05T00:00:00+00:00` → "January 05, 2020": the day as GitHub gives it, whatever its zone. */
function effectiveDate(payload: JsonObject): string {
  const value = requireString(payload, 'effective_date');
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month || Number(match[3]) < 1 || Number(match[3]) > 31) throw invalidArgument('effective_date', value);
  return `${month} ${match[3]}, ${match[1]}`;
}

function sponsorship(text: (payload: JsonObject, who: string) => string): Handler {
  return (payload) => ({ topic: TOPIC, content: text(payload, senderName(payload)) });
}

export const sponsorsEvents: Record<string, Handler> = {
  cancelled: sponsorship((p, who) => `${who} cancelled their ${tier(p)} subscription.`),
  created: sponsorship((p, who) => `${who} subscribed for ${tier(p)}.`),
  edited: sponsorship(
    (p, who) =>
      `${who} changed who can see their sponsorship from ${requireString(p, 'changes.privacy_level.from')} to ${requireString(p, 'sponsorship.privacy_level')}.`,
  ),
  pending_cancellation: sponsorship((p, who) => `${who}'s ${tier(p)} subscription will be cancelled on ${effectiveDate(p)}.`),
  pending_tier_change: sponsorship(
    (p, who) => `${who}'s subscription will change from ${priorTier(p)} to ${tier(p)} on ${effectiveDate(p)}.`,
  ),
  tier_changed: sponsorship((p, who) => `${who} changed their subscription from ${priorTier(p)} to ${tier(p)}.`),
};

/**
 * Each follow-up owner's run endpoint (followUpRunPath), by owner: what a requester calls to run a
 * held follow-up right after its commit. Typed over every owner, so a new owner without one does
 * not compile.
 */
import { messageEndpoints } from './endpoints/message';
import { subscriptionEndpoints } from './endpoints/subscription';
import type { FollowUpOwner } from './follow-ups';

export const FOLLOW_UP_RUN_ENDPOINTS = {
  message: messageEndpoints.runMessageFollowUp,
  subscription: subscriptionEndpoints.runSubscriptionFollowUp,
} as const satisfies Record<FollowUpOwner, { readonly auth: 'service' }>;

export function isFollowUpOwner(owner: string): owner is FollowUpOwner {
  return Object.hasOwn(FOLLOW_UP_RUN_ENDPOINTS, owner);
}

/**
 * Follow-ups: work one service asks of another after its own change commits. The asking service
 * writes the request in its change's transaction (requestFollowUp in @chat/dispatch, a row of the jobs
 * outbox); the owning service runs it as a background job, with retries, whenever it is up. So a
 * follow-up is never lost because its owner was down when the change was made.
 *
 * Each follow-up is declared here once: its job kind (the owner's name first) and its payload.
 */
/** The services that own follow-ups (each declares a run endpoint: follow-up-runs.ts). */
export type FollowUpOwner = 'message' | 'subscription';

export interface FollowUp<Payload> {
  kind: string;
  /** The owning service. */
  owner: FollowUpOwner;
  /** Phantom: the payload's type, for requestFollowUp and the owner's handler. */
  payload?: Payload;
}

function followUp<Payload>(owner: FollowUp<Payload>['owner'], name: string): FollowUp<Payload> {
  return { kind: `${owner}.${name}`, owner };
}

/** One message from Notification Bot, as an internal send takes it. */
export interface BotMessageRequest {
  type: 'stream' | 'private';
  /** Stream name, or the recipient's e-mail. */
  to: string;
  topic?: string;
  content: string;
  /**
   * Zulip's archived_channel_notice: the notice that a stream was archived, posted into that
   * stream (nothing else may be) and read for every recipient.
   */
  archivedStreamNotice?: boolean;
}

export const followUps = {
  /** A new user joins the realm's default streams (Zulip's process_new_human_user). */
  joinDefaultStreams: followUp<{ realmId: number; userId: number }>('subscription', 'join-default-streams'),
  /** A user who accepted an invitation joins its streams (the realm's defaults when it named none). */
  joinInvitedStreams: followUp<{ realmId: number; userId: number; streamIds: number[] }>('subscription', 'join-invited-streams'),
  /** Notification Bot posts about a stream change (new streams, renames, being subscribed). */
  postBotMessage: followUp<{ realmId: number; message: BotMessageRequest }>('message', 'post-bot-message'),
  /**
   * A user's last event queue that accepted messages was garbage-collected (Zulip's
   * missedmessage_hook): their notifications held while they were present go out now.
   */
  notifyAfterQueueGone: followUp<{ realmId: number; userId: number }>('message', 'notify-after-queue-gone'),
};

export type FollowUpPayload<F> = F extends FollowUp<infer P> ? P : never;

/**
 * Where an owner runs a follow-up its requester holds (the requester calls it right after its
 * commit, so the follow-up's effect lands before the request's answer). Each owner declares the
 * endpoint at this path.
 */
export function followUpRunPath(owner: string): string {
  return `/internal/follow-ups/${owner}`;
}

/** What each owner's run endpoint says in the reference. */
export const FOLLOW_UP_RUN_DESCRIPTION =
  'Not routed by the gateway: a service that holds a follow-up this service owns calls it right after its commit, so the ' +
  "follow-up's effect lands before that service answers. Runs the held job request as its job would; a request already " +
  'handled does nothing.';

/**
 * The wording continuous-integration integrations share for a build's result: a build that
 * passed or was fixed gets a thumbs up, one that failed or broke a thumbs down, so the outcome
 * reads at a glance whichever CI service sent it (Travis CI's and TeamCity's messages).
 */

export const BUILD_PASSED_EMOJI = ':thumbs_up:';
export const BUILD_FAILED_EMOJI = ':thumbs_down:';
/** A build queued or still running. */
export const BUILD_PENDING_EMOJI = ':counterclockwise:';

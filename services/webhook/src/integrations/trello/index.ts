/**
 * Trello: a board's actions, the action's type in the payload; one topic per board. Zulip passes
 * these messages no event type, so `only_events` and `exclude_events` do not apply to them.
 */
import type { Handler, Integration } from '../../framework/integration';
import { requireString } from '../../framework/payload';
import { BOARD_ACTIONS, boardAction } from './board';
import { CARD_ACTIONS, IGNORED_CARD_ACTIONS, cardAction } from './card';

const events: Record<string, Handler> = {
  ...Object.fromEntries(CARD_ACTIONS.map((action) => [action, cardAction])),
  ...Object.fromEntries(BOARD_ACTIONS.map((action) => [action, boardAction])),
};

export const trello: Integration = {
  name: 'trello',
  eventOf: (payload) => requireString(payload, 'action.type'),
  events,
  ignoredEvents: IGNORED_CARD_ACTIONS,
};

/**
 * Trello: a board's actions, the action's type in the payload; one topic per board. As in Zulip
 * it declares no event types: its messages carry none, so `only_events` and `exclude_events` do
 * not apply to them.
 */
import type { Integration } from '../../framework/integration';
import { requireString } from '../../framework/payload';
import { BOARD_ACTIONS, boardAction } from './board';
import { CARD_ACTIONS, IGNORED_CARD_ACTIONS, cardAction } from './card';
import { unsupported } from './common';

export const trello: Integration = {
  name: 'trello',
  handle(payload) {
    const type = requireString(payload, 'action.type');
    if (CARD_ACTIONS.includes(type)) return cardAction(payload, type);
    if (IGNORED_CARD_ACTIONS.includes(type)) return null;
    if (BOARD_ACTIONS.includes(type)) return boardAction(payload, type);
    throw unsupported(type);
  },
};

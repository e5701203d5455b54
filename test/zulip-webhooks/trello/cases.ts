/**
 * zerver/webhooks/trello/tests.py (see ../NOTICE). test_ignored_card_actions and
 * test_ignoring_card_updates post payloads built in the test; they are fixtures here
 * (ignored_action_<type>.json, ignored_card_update_<field>.json), written as orjson writes them.

 */
import type { ZulipCase } from '../case';

const IGNORED_ACTIONS = ['copyCard', 'createCheckItem', 'updateCheckItem', 'updateList'];
const IGNORED_CARD_FIELDS = ['cover', 'dueComplete', 'idAttachmentCover', 'pos'];

export const cases: ZulipCase[] = [
  {
    test: 'test_trello_webhook_when_card_was_moved_to_another_list',
    fixture: 'changing_cards_list.json',
    expect: [
      {
        topic: 'Welcome Board',
        content: 'TomaszKolek moved [This is a card.](https://trello.com/c/r33ylX2Z) from Basics to Intermediate.',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_card_was_renamed',
    fixture: 'renaming_card.json',
    expect: [
      { topic: 'Welcome Board', content: 'TomaszKolek renamed the card from "Old name" to [New name](https://trello.com/c/r33ylX2Z).' },
    ],
  },
  {
    test: 'test_trello_webhook_when_label_was_added_to_card',
    fixture: 'adding_label_to_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content: 'TomaszKolek added a green label with "text value" to [Card name](https://trello.com/c/r33ylX2Z).',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_label_was_removing_from_card',
    fixture: 'removing_label_from_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content: 'TomaszKolek removed a green label with "text value" from [New Card](https://trello.com/c/r33ylX2Z).',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_member_was_added_to_card',
    fixture: 'adding_member_to_card.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek added TomaszKolek to [Card name](https://trello.com/c/9BduUcVQ).' }],
  },
  {
    test: 'test_trello_webhook_when_member_was_removed_from_card',
    fixture: 'removing_member_from_card.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek removed Trello from [Card name](https://trello.com/c/9BduUcVQ).' }],
  },
  {
    test: 'test_trello_webhook_when_due_date_was_set',
    fixture: 'setting_due_date_to_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content: 'TomaszKolek set due date for [Card name](https://trello.com/c/9BduUcVQ) to <time:2016-05-11T10:00:00+00:00>.',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_due_date_was_changed',
    fixture: 'changing_due_date_on_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content:
          'TomaszKolek changed due date for [Card name](https://trello.com/c/9BduUcVQ) from <time:2016-05-11T10:00:00+00:00> to <time:2016-05-24T10:00:00+00:00>.',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_due_date_was_removed',
    fixture: 'removing_due_date_from_card.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek removed the due date from [Card name](https://trello.com/c/9BduUcVQ).' }],
  },
  {
    test: 'test_trello_webhook_when_card_was_archived',
    fixture: 'archiving_card.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek archived [Card name](https://trello.com/c/9BduUcVQ).' }],
  },
  {
    test: 'test_trello_webhook_when_card_was_reopened',
    fixture: 'reopening_card.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek reopened [Card name](https://trello.com/c/9BduUcVQ).' }],
  },
  {
    test: 'test_trello_webhook_when_card_was_created',
    fixture: 'creating_card.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek created [New card](https://trello.com/c/5qrgGdD5).' }],
  },
  {
    test: 'test_trello_webhook_when_attachment_was_added_to_card',
    fixture: 'adding_attachment_to_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content: 'TomaszKolek added [attachment_name](http://url.com) to [New card](https://trello.com/c/xPKXoSTQ).',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_checklist_was_added_to_card',
    fixture: 'adding_checklist_to_card.json',
    expect: [
      { topic: 'Welcome Board', content: 'TomaszKolek added the Checklist checklist to [New card](https://trello.com/c/xPKXoSTQ).' },
    ],
  },
  {
    test: 'test_trello_webhook_when_check_item_is_checked',
    fixture: 'check_item_on_card_checklist.json',
    expect: [
      {
        topic: 'Zulip',
        content: 'Eeshan Garg checked **Tomatoes** in **Checklist** ([Something something](https://trello.com/c/R2thJK3P)).',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_check_item_is_unchecked',
    fixture: 'uncheck_item_on_card_checklist.json',
    expect: [
      {
        topic: 'Zulip',
        content: 'Eeshan Garg unchecked **Tomatoes** in **Checklist** ([Something something](https://trello.com/c/R2thJK3P)).',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_member_was_removed_from_board',
    fixture: 'removing_member_from_board.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek removed Trello from [Welcome Board](https://trello.com/b/iqXXzYEj).' }],
  },
  {
    test: 'test_trello_webhook_when_member_was_added_to_board',
    fixture: 'adding_member_to_board.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek added Trello to [Welcome Board](https://trello.com/b/iqXXzYEj).' }],
  },
  {
    test: 'test_trello_webhook_when_list_was_added_to_board',
    fixture: 'adding_new_list_to_board.json',
    expect: [{ topic: 'Welcome Board', content: 'TomaszKolek added New list list to [Welcome Board](https://trello.com/b/iqXXzYEj).' }],
  },
  {
    test: 'test_trello_webhook_when_comment_was_added_to_card',
    fixture: 'adding_comment_to_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content: 'TomaszKolek commented on [New card](https://trello.com/c/xPKXoSTQ):\n~~~ quote\nNew comment\n~~~',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_board_was_renamed',
    fixture: 'renaming_board.json',
    expect: [
      { topic: 'New name', content: 'TomaszKolek renamed the board from Welcome Board to [New name](https://trello.com/b/iqXXzYEj).' },
    ],
  },
  {
    test: 'test_trello_webhook_when_description_was_added_to_card',
    fixture: 'adding_description_to_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content: 'Marco Matarazzo set description for [New Card](https://trello.com/c/P2r0z66z) to:\n~~~ quote\nNew Description\n~~~',
      },
    ],
  },
  {
    test: 'test_trello_webhook_when_description_was_removed_from_card',
    fixture: 'removing_description_from_card.json',
    expect: [{ topic: 'Welcome Board', content: 'Marco Matarazzo removed description from [New Card](https://trello.com/c/P2r0z66z).' }],
  },
  {
    test: 'test_trello_webhook_when_description_was_changed_on_card',
    fixture: 'changing_description_on_card.json',
    expect: [
      {
        topic: 'Welcome Board',
        content:
          'Marco Matarazzo changed description for [New Card](https://trello.com/c/P2r0z66z) from\n~~~ quote\nNew Description\n~~~\nto\n~~~ quote\nChanged Description\n~~~',
      },
    ],
  },
  { test: 'test_trello_webhook_when_card_is_moved_within_single_list_ignore', fixture: 'moving_card_within_single_list.json', expect: [] },
  { test: 'test_trello_webhook_when_board_background_is_changed_ignore', fixture: 'change_board_background_image.json', expect: [] },
  ...IGNORED_ACTIONS.map((action): ZulipCase => ({
    test: 'test_ignored_card_actions',
    fixture: `ignored_action_${action}.json`,
    expect: [],
  })),
  ...IGNORED_CARD_FIELDS.map((field): ZulipCase => ({
    test: 'test_ignoring_card_updates',
    fixture: `ignored_card_update_${field}.json`,
    expect: [],
  })),
  // Trello checks a new hook's URL with HEAD.
  { test: 'test_trello_confirmation_request', method: 'HEAD', expect: [] },
];

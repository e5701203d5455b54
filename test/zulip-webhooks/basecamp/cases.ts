/** zerver/webhooks/basecamp/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_basecamp_makes_doc_active',
    fixture: 'doc_active.json',
    expect: [
      {
        topic: 'Event Planning - Annual Conference',
        content:
          'Tomasz activated the document [Sponsorship Package Outline](https://3.basecamp.com/3688623/buckets/2957043/documents/432522214).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_doc_archived',
    fixture: 'doc_archived.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz archived the document [new doc](https://3.basecamp.com/3688623/buckets/2957043/documents/434455988).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_doc_changed_content',
    fixture: 'doc_content_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz changed content of the document [New doc edit](https://3.basecamp.com/3688623/buckets/2957043/documents/432522214).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_doc_changed_title',
    fixture: 'doc_title_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz changed title of the document [New doc edit](https://3.basecamp.com/3688623/buckets/2957043/documents/432522214).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_doc_publicized',
    fixture: 'doc_publicized.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz publicized the document [new doc](https://3.basecamp.com/3688623/buckets/2957043/documents/434455988).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_doc_created',
    fixture: 'doc_created.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz created the document [new doc](https://3.basecamp.com/3688623/buckets/2957043/documents/434455988).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_doc_trashed',
    fixture: 'doc_trashed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz trashed the document [new doc](https://3.basecamp.com/3688623/buckets/2957043/documents/434455988).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_doc_unarchived',
    fixture: 'doc_unarchive.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz unarchived the document [new doc](https://3.basecamp.com/3688623/buckets/2957043/documents/434455988).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_questions_answer_archived',
    fixture: 'questions_answer_archived.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz archived the [answer](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747/answers/2017-03-16#__recording_432529636) of the question [Question?](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747)',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_questions_answer_content_changed',
    fixture: 'questions_answer_content_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz changed content of the [answer](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747/answers/2017-03-16#__recording_432529636) of the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_questions_answer_created',
    fixture: 'questions_answer_created.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz created the [answer](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747/answers/2017-03-16#__recording_432529636) of the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_questions_answer_trashed',
    fixture: 'questions_answer_trashed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz trashed the [answer](https://3.basecamp.com/3688623/buckets/2957043/question_answers/432529636) of the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_questions_answer_unarchived',
    fixture: 'questions_answer_unarchived.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz unarchived the [answer](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747/answers/2017-03-16#__recording_432529636) of the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_question_archived',
    fixture: 'question_archived.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz archived the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_question_created',
    fixture: 'question_created.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz created the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_question_trashed',
    fixture: 'question_trashed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz trashed the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_question_unarchived',
    fixture: 'question_unarchived.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz unarchived the question [Question](https://3.basecamp.com/3688623/buckets/2957043/questions/432527747).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_message_archived',
    fixture: 'message_archived.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz archived the message [Message Title new](https://3.basecamp.com/3688623/buckets/2957043/messages/430680605).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_message_content_change',
    fixture: 'message_content_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz changed content of the message [Message Title new](https://3.basecamp.com/3688623/buckets/2957043/messages/430680605).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_message_created',
    fixture: 'message_created.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz created the message [Message Title](https://3.basecamp.com/3688623/buckets/2957043/messages/430680605).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_message_title_change',
    fixture: 'message_title_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz changed subject of the message [Message Title new](https://3.basecamp.com/3688623/buckets/2957043/messages/430680605).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_message_trashed',
    fixture: 'message_trashed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz trashed the message [Message Title new](https://3.basecamp.com/3688623/buckets/2957043/messages/430680605).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_message_unarchived',
    fixture: 'message_unarchived.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz unarchived the message [Message Title new](https://3.basecamp.com/3688623/buckets/2957043/messages/430680605).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_list_created',
    fixture: 'todo_list_created.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz created the todo list [NEW TO DO LIST](https://3.basecamp.com/3688623/buckets/2957043/todolists/427050190).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_list_description_changed',
    fixture: 'todo_list_description_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz changed description of the todo list [NEW TO DO LIST](https://3.basecamp.com/3688623/buckets/2957043/todolists/427050190).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_list_modified',
    fixture: 'todo_list_name_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz changed name of the todo list [NEW Name TO DO LIST](https://3.basecamp.com/3688623/buckets/2957043/todolists/427050190).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_assignment_changed',
    fixture: 'todo_assignment_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz changed assignment of the todo task [New task](https://3.basecamp.com/3688623/buckets/2957043/todos/427055624).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_completed',
    fixture: 'todo_completed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz completed the todo task [New task](https://3.basecamp.com/3688623/buckets/2957043/todos/427055624).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_uncompleted',
    fixture: 'todo_uncompleted.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz uncompleted the todo task [New task](https://3.basecamp.com/3688623/buckets/2957043/todos/427055624).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_created',
    fixture: 'todo_created.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz created the todo task [New task](https://3.basecamp.com/3688623/buckets/2957043/todos/427055624).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_todo_due_on_changed',
    fixture: 'todo_due_on_changed.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content: 'Tomasz changed due_on of the todo task [New task](https://3.basecamp.com/3688623/buckets/2957043/todos/427055624).',
      },
    ],
  },
  {
    test: 'test_basecamp_makes_comment_created',
    fixture: 'comment_created.json',
    expect: [
      {
        topic: 'Zulip HQ',
        content:
          'Tomasz created the [comment](https://3.basecamp.com/3688623/buckets/2957043/todos/427055624#__recording_427058780) of the task [New task](https://3.basecamp.com/3688623/buckets/2957043/todos/427055624).',
      },
    ],
  },
];

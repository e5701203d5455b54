/** zerver/webhooks/gitlab/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

export const cases: ZulipCase[] = [
  {
    test: 'test_push_event_specified_topic',
    fixture: 'push_hook.json',
    query: { topic: 'Specific topic' },
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'Specific topic',
        content:
          '[[my-awesome-project](https://gitlab.com/tomaszkolek0/my-awesome-project)] Tomasz Kolek [pushed](https://gitlab.com/tomaszkolek0/my-awesome-project/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9) 2 commits to branch tomek.\n\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* c ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))',
      },
    ],
  },
  {
    test: 'test_push_event_message',
    fixture: 'push_hook.json',
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'my-awesome-project / tomek',
        content:
          'Tomasz Kolek [pushed](https://gitlab.com/tomaszkolek0/my-awesome-project/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9) 2 commits to branch tomek.\n\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* c ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))',
      },
    ],
  },
  {
    test: 'test_push_local_branch_without_commits',
    fixture: 'push_hook__push_local_branch_without_commits.json',
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'my-awesome-project / changes',
        content:
          'Eeshan Garg [pushed](https://gitlab.com/eeshangarg/my-awesome-project/-/compare/0000000000000000000000000000000000000000...68d7a5528cf423dfaac37dd62a56ac9cc8a884e3) the branch changes.',
      },
    ],
  },
  {
    test: 'test_push_event_message_filtered_by_branches',
    fixture: 'push_hook.json',
    query: { branches: 'master,tomek' },
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'my-awesome-project / tomek',
        content:
          'Tomasz Kolek [pushed](https://gitlab.com/tomaszkolek0/my-awesome-project/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9) 2 commits to branch tomek.\n\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* c ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))',
      },
    ],
  },
  {
    test: 'test_push_multiple_committers',
    fixture: 'push_hook__push_multiple_committers.json',
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'my-awesome-project / tomek',
        content:
          'Tomasz Kolek [pushed](https://gitlab.com/tomaszkolek0/my-awesome-project/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9) 2 commits to branch tomek. Commits by Ben (1) and Tomasz Kolek (1).\n\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* c ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))',
      },
    ],
  },
  {
    test: 'test_push_multiple_committers_with_others',
    fixture: 'push_hook__push_multiple_committers_with_others.json',
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'my-awesome-project / tomek',
        content:
          'Tomasz Kolek [pushed](https://gitlab.com/tomaszkolek0/my-awesome-project/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9) 7 commits to branch tomek. Commits by Ben (3), baxterthehacker (2), James (1) and others (1).\n\n* b ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))\n* b ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))\n* b ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))\n* b ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))\n* b ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))\n* b ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))\n* b ([eb6ae1e591e](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))',
      },
    ],
  },
  {
    test: 'test_push_commits_more_than_limit_event_message',
    fixture: 'push_hook__push_commits_more_than_limit.json',
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'my-awesome-project / tomek',
        content:
          'Tomasz Kolek [pushed](https://gitlab.com/tomaszkolek0/my-awesome-project/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9) 50 commits to branch tomek.\n\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n[and 30 more commit(s)]',
      },
    ],
  },
  {
    test: 'test_push_commits_more_than_limit_message_filtered_by_branches',
    fixture: 'push_hook__push_commits_more_than_limit.json',
    query: { branches: 'master,tomek' },
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [
      {
        topic: 'my-awesome-project / tomek',
        content:
          'Tomasz Kolek [pushed](https://gitlab.com/tomaszkolek0/my-awesome-project/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9) 50 commits to branch tomek.\n\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* b ([66abd2da288](https://gitlab.com/tomaszkolek0/my-awesome-project/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n[and 30 more commit(s)]',
      },
    ],
  },
  {
    test: 'test_remove_branch_event_message',
    fixture: 'push_hook__remove_branch.json',
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [{ topic: 'my-awesome-project / tomek', content: 'Tomasz Kolek deleted branch tomek.' }],
  },
  {
    test: 'test_add_tag_event_message',
    fixture: 'tag_push_hook__add_tag.json',
    headers: { 'X-Gitlab-Event': 'Tag Push Hook' },
    expect: [{ topic: 'my-awesome-project', content: 'Tomasz Kolek pushed tag xyz.' }],
  },
  {
    test: 'test_remove_tag_event_message',
    fixture: 'tag_push_hook__remove_tag.json',
    headers: { 'X-Gitlab-Event': 'Tag Push Hook' },
    expect: [{ topic: 'my-awesome-project', content: 'Tomasz Kolek removed tag xyz.' }],
  },
  {
    test: 'test_create_issue_without_assignee_event_message',
    fixture: 'issue_hook__issue_created_without_assignee.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'my-awesome-project / issue #1 Issue title',
        content:
          'Tomasz Kolek created [issue #1](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1):\n\n~~~ quote\nIssue description\n~~~',
      },
    ],
  },
  {
    test: 'test_create_confidential_issue_without_assignee_event_message',
    fixture: 'issue_hook__confidential_issue_created_without_assignee.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'testing / issue #1 Testing',
        content: 'Joe Bloggs created [issue #1](https://gitlab.example.co.uk/joe.bloggs/testing/issues/1):\n\n~~~ quote\nTesting\n~~~',
      },
    ],
  },
  {
    test: 'test_create_issue_with_custom_topic_in_url',
    fixture: 'issue_hook__issue_created_without_assignee.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[my-awesome-project](https://gitlab.com/tomaszkolek0/my-awesome-project)] Tomasz Kolek created [issue #1 Issue title](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1):\n\n~~~ quote\nIssue description\n~~~',
      },
    ],
  },
  {
    test: 'test_create_issue_with_assignee_event_message',
    fixture: 'issue_hook__issue_created_with_assignee.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'my-awesome-project / issue #1 Issue title',
        content:
          'Tomasz Kolek created [issue #1](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1) (assigned to Tomasz Kolek):\n\n~~~ quote\nIssue description\n~~~',
      },
    ],
  },
  {
    test: 'test_create_issue_with_two_assignees_event_message',
    fixture: 'issue_hook__issue_created_with_two_assignees.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'Zulip GitLab Test / issue #2 Zulip Test Issue 2',
        content:
          'Adam Birds created [issue #2](https://gitlab.com/adambirds/zulip-gitlab-test/issues/2) (assigned to Adam Birds and Eeshan Garg):\n\n~~~ quote\nZulip Test Issue 2\n~~~',
      },
    ],
  },
  {
    test: 'test_create_issue_with_three_assignees_event_message',
    fixture: 'issue_hook__issue_created_with_three_assignees.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'Zulip GitLab Test / issue #2 Zulip Test Issue 2',
        content:
          'Adam Birds created [issue #2](https://gitlab.com/adambirds/zulip-gitlab-test/issues/2) (assigned to Adam Birds, Eeshan Garg and Tim Abbott):\n\n~~~ quote\nZulip Test Issue 2\n~~~',
      },
    ],
  },
  {
    test: 'test_create_confidential_issue_with_assignee_event_message',
    fixture: 'issue_hook__confidential_issue_created_with_assignee.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'testing / issue #2 Testing',
        content:
          'Joe Bloggs created [issue #2](https://gitlab.example.co.uk/joe.bloggs/testing/issues/2) (assigned to Joe Bloggs):\n\n~~~ quote\nTesting\n~~~',
      },
    ],
  },
  {
    test: 'test_create_issue_with_hidden_comment_in_description',
    fixture: 'issue_hook__issue_created_with_hidden_comment_in_description.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'public-repo / issue #3 New Issue with hidden comment',
        content:
          'Eeshan Garg created [issue #3](https://gitlab.com/eeshangarg/public-repo/issues/3):\n\n~~~ quote\nThis description actually has a hidden comment in it!\n~~~',
      },
    ],
  },
  {
    test: 'test_create_confidential_issue_with_hidden_comment_in_description',
    fixture: 'issue_hook__confidential_issue_created_with_hidden_comment_in_description.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'testing / issue #1 Testing',
        content:
          'Joe Bloggs created [issue #1](https://gitlab.example.co.uk/joe.bloggs/testing/issues/1):\n\n~~~ quote\nThis description actually has a hidden comment in it!\n~~~',
      },
    ],
  },
  {
    test: 'test_create_issue_with_null_description',
    fixture: 'issue_hook__issue_opened_with_null_description.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'my-awesome-project / issue #7 Issue without description',
        content: 'Eeshan Garg created [issue #7](https://gitlab.com/eeshangarg/my-awesome-project/issues/7).',
      },
    ],
  },
  {
    test: 'test_update_issue_event_message',
    fixture: 'issue_hook__issue_updated.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'my-awesome-project / issue #1 Issue title_new',
        content: 'Tomasz Kolek updated [issue #1](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1).',
      },
    ],
  },
  {
    test: 'test_update_confidential_issue_event_message',
    fixture: 'issue_hook__confidential_issue_updated.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'testing / issue #1 Testing',
        content: 'Joe Bloggs updated [issue #1](https://gitlab.example.co.uk/joe.bloggs/testing/issues/1).',
      },
    ],
  },
  {
    test: 'test_update_issue_with_custom_topic_in_url',
    fixture: 'issue_hook__issue_updated.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[my-awesome-project](https://gitlab.com/tomaszkolek0/my-awesome-project)] Tomasz Kolek updated [issue #1 Issue title_new](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1).',
      },
    ],
  },
  {
    test: 'test_close_issue_event_message',
    fixture: 'issue_hook__issue_closed.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'my-awesome-project / issue #1 Issue title_new',
        content: 'Tomasz Kolek closed [issue #1](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1).',
      },
    ],
  },
  {
    test: 'test_close_confidential_issue_event_message',
    fixture: 'issue_hook__confidential_issue_closed.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'testing / issue #1 Testing Test',
        content: 'Joe Bloggs closed [issue #1](https://gitlab.example.co.uk/joe.bloggs/testing/issues/1).',
      },
    ],
  },
  {
    test: 'test_reopen_issue_event_message',
    fixture: 'issue_hook__issue_reopened.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'my-awesome-project / issue #1 Issue title_new',
        content: 'Tomasz Kolek reopened [issue #1](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1).',
      },
    ],
  },
  {
    test: 'test_reopen_confidential_issue_event_message',
    fixture: 'issue_hook__confidential_issue_reopened.json',
    headers: { 'X-Gitlab-Event': 'Issue Hook' },
    expect: [
      {
        topic: 'testing / issue #1 Testing Test',
        content: 'Joe Bloggs reopened [issue #1](https://gitlab.example.co.uk/joe.bloggs/testing/issues/1).',
      },
    ],
  },
  {
    test: 'test_note_commit_event_message',
    fixture: 'note_hook__commit_note.json',
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'testing-zulip-gitlab-integration',
        content:
          'Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/commit/82689ddf00fd7bdadb5c2afb3b94bd555edc9d01#note_1406241063) on [82689ddf00f](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/commit/82689ddf00fd7bdadb5c2afb3b94bd555edc9d01):\n~~~ quote\nWow what a beautiful commit.\n~~~',
      },
    ],
  },
  {
    test: 'test_note_merge_request_event_message',
    fixture: 'note_hook__merge_request_note.json',
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'testing-zulip-gitlab-integration / MR #1 add new-feature',
        content:
          'Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/merge_requests/1#note_1406328457) on [MR #1](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/merge_requests/1):\n\n~~~ quote\nI am not sure if this new feature is even required or not.\n~~~',
      },
    ],
  },
  {
    test: 'test_note_merge_request_event_message_without_merge_request_title',
    fixture: 'note_hook__merge_request_note.json',
    query: { use_merge_request_title: 'false' },
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'testing-zulip-gitlab-integration / MR #1',
        content:
          'Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/merge_requests/1#note_1406328457) on [MR #1](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/merge_requests/1):\n\n~~~ quote\nI am not sure if this new feature is even required or not.\n~~~',
      },
    ],
  },
  {
    test: 'test_note_merge_request_with_custom_topic_in_url',
    fixture: 'note_hook__merge_request_note.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[testing-zulip-gitlab-integration](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration)] Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/merge_requests/1#note_1406328457) on [MR #1 add new-feature](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/merge_requests/1):\n\n~~~ quote\nI am not sure if this new feature is even required or not.\n~~~',
      },
    ],
  },
  {
    test: 'test_note_issue_event_message',
    fixture: 'note_hook__issue_note.json',
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'testing-zulip-gitlab-integration / issue #1 Add more lines',
        content:
          'Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1#note_1406279810) on [issue #1](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1):\n\n~~~ quote\nThis is again a random comment.\n~~~',
      },
    ],
  },
  {
    test: 'test_note_design_event_message',
    fixture: 'note_hook__design_note.json',
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'testing-zulip-gitlab-integration / design Screenshot.png',
        content:
          'Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1/designs/Screenshot.png#note_1458583152) on design [Screenshot.png](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1/designs/Screenshot.png):\n\n~~~ quote\nhello\n~~~',
      },
    ],
  },
  {
    test: 'test_note_confidential_issue_event_message',
    fixture: 'note_hook__confidential_issue_note.json',
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'testing-zulip-gitlab-integration / issue #1 Add more lines',
        content:
          'Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1#note_1406130881) on [issue #1](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1):\n\n~~~ quote\nSome more comments\n~~~',
      },
    ],
  },
  {
    test: 'test_note_issue_with_custom_topic_in_url',
    fixture: 'note_hook__issue_note.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[testing-zulip-gitlab-integration](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration)] Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1#note_1406279810) on [issue #1 Add more lines](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1):\n\n~~~ quote\nThis is again a random comment.\n~~~',
      },
    ],
  },
  {
    test: 'test_note_design_with_custom_topic_in_url',
    fixture: 'note_hook__design_note.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[testing-zulip-gitlab-integration](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration)] Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1/designs/Screenshot.png#note_1458583152) on design [Screenshot.png](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/issues/1/designs/Screenshot.png):\n\n~~~ quote\nhello\n~~~',
      },
    ],
  },
  {
    test: 'test_note_snippet_old_event_message',
    fixture: 'note_hook__snippet_note_old.json',
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'my-awesome-project / snippet #2 test',
        content:
          'Tomasz Kolek [commented](https://gitlab.com/tomaszkolek0/my-awesome-project/snippets/2#note_14172058) on [snippet #2](https://gitlab.com/tomaszkolek0/my-awesome-project/-/snippets/2):\n\n~~~ quote\nNice snippet\n~~~',
      },
    ],
  },
  {
    test: 'test_note_snippet_event_message',
    fixture: 'note_hook__snippet_note.json',
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'testing-zulip-gitlab-integration / snippet #2547713 a ver...',
        content:
          'Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/snippets/2547713#note_1424268837) on [snippet #2547713](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/snippets/2547713):\n\n~~~ quote\nsome comment\n~~~',
      },
    ],
  },
  {
    test: 'test_note_snippet_with_custom_topic_in_url',
    fixture: 'note_hook__snippet_note.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Note Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[testing-zulip-gitlab-integration](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration)] Satyam Bansal [commented](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/snippets/2547713#note_1424268837) on [snippet #2547713 a very new new feature](https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration/-/snippets/2547713):\n\n~~~ quote\nsome comment\n~~~',
      },
    ],
  },
  {
    test: 'test_merge_request_created_without_assignee_event_message',
    fixture: 'merge_request_hook__merge_request_created_without_assignee.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #2 NEW MR',
        content:
          'Tomasz Kolek created [MR #2](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2) from `tomek` to `master`:\n\n~~~ quote\ndescription of merge request\n~~~',
      },
    ],
  },
  {
    test: 'test_merge_request_created_with_custom_topic_in_url',
    fixture: 'merge_request_hook__merge_request_created_without_assignee.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[my-awesome-project](https://gitlab.com/tomaszkolek0/my-awesome-project)] Tomasz Kolek created [MR #2 NEW MR](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2) from `tomek` to `master`:\n\n~~~ quote\ndescription of merge request\n~~~',
      },
    ],
  },
  {
    test: 'test_merge_request_created_with_assignee_event_message',
    fixture: 'merge_request_hook__merge_request_created_with_assignee.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #3 New Merge Request',
        content:
          'Tomasz Kolek created [MR #3](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/3) from `tomek` to `master` (assigned to Tomasz Kolek):\n\n~~~ quote\ndescription of merge request\n~~~',
      },
    ],
  },
  {
    test: 'test_merge_request_created_with_multiple_assignees_event_message',
    fixture: 'merge_request_hook__merge_request_created_with_multiple_assignees.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'Demo Project / MR #1 Make a trivial change to the README.',
        content:
          'Hemanth V. Alluri created [MR #1](https://gitlab.com/Hypro999/demo-project/-/merge_requests/1) from `devel` to `master` (assigned to Hemanth V. Alluri and Hemanth V. Alluri):\n\n~~~ quote\nA trivial change that should probably be ignored.\n~~~',
      },
    ],
  },
  {
    test: 'test_merge_request_closed_event_message',
    fixture: 'merge_request_hook__merge_request_closed.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #2 NEW MR',
        content: 'Tomasz Kolek closed [MR #2](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2).',
      },
    ],
  },
  {
    test: 'test_merge_request_closed_event_message_without_using_title',
    fixture: 'merge_request_hook__merge_request_closed.json',
    query: { use_merge_request_title: 'false' },
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #2',
        content: 'Tomasz Kolek closed [MR #2](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2).',
      },
    ],
  },
  {
    test: 'test_merge_request_closed_with_custom_topic_in_url',
    fixture: 'merge_request_hook__merge_request_closed.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[my-awesome-project](https://gitlab.com/tomaszkolek0/my-awesome-project)] Tomasz Kolek closed [MR #2 NEW MR](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2).',
      },
    ],
  },
  {
    test: 'test_merge_request_reopened_event_message',
    fixture: 'merge_request_hook__merge_request_reopened.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #1 Update the README with author ...',
        content: 'Eeshan Garg reopened [MR #1](https://gitlab.com/eeshangarg/my-awesome-project/merge_requests/1).',
      },
    ],
  },
  {
    test: 'test_merge_request_approved_event_message',
    fixture: 'merge_request_hook__merge_request_approved.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #1 Update the README with author ...',
        content: 'Eeshan Garg approved [MR #1](https://gitlab.com/eeshangarg/my-awesome-project/merge_requests/1).',
      },
    ],
  },
  {
    test: 'test_merge_request_approval_event_message',
    fixture: 'merge_request_hook__merge_request_approval.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #1 Update the README',
        content: 'Sumit Bhanushali added their approval for [MR #1](https://gitlab.com/sumitb16/my-awesome-project/merge_requests/1).',
      },
    ],
  },
  {
    test: 'test_merge_request_unapproval_event_message',
    fixture: 'merge_request_hook__merge_request_unapproval.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #1 Update the README',
        content: 'Sumit Bhanushali removed their approval for [MR #1](https://gitlab.com/sumitb16/my-awesome-project/merge_requests/1).',
      },
    ],
  },
  {
    test: 'test_merge_request_updated_event_message',
    fixture: 'merge_request_hook__merge_request_updated.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #3 New Merge Request',
        content:
          'Tomasz Kolek updated [MR #3](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/3) (assigned to Tomasz Kolek):\n\n~~~ quote\nupdated desc\n~~~',
      },
    ],
  },
  {
    test: 'test_merge_request_added_commit_event_message',
    fixture: 'merge_request_hook__merge_request_added_commit.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #3 New Merge Request',
        content: 'Tomasz Kolek added commit(s) to [MR #3](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/3).',
      },
    ],
  },
  {
    test: 'test_merge_request_merged_event_message',
    fixture: 'merge_request_hook__merge_request_merged.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #3 New Merge Request',
        content:
          'Tomasz Kolek merged [MR #3](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/3) from `tomek` to `master`.',
      },
    ],
  },
  {
    test: 'test_wiki_page_opened_event_message',
    fixture: 'wiki_page_hook__wiki_page_opened.json',
    headers: { 'X-Gitlab-Event': 'Wiki Page Hook' },
    expect: [
      {
        topic: 'my-awesome-project',
        content: 'Tomasz Kolek created [wiki page "how to"](https://gitlab.com/tomaszkolek0/my-awesome-project/wikis/how-to).',
      },
    ],
  },
  {
    test: 'test_wiki_page_edited_event_message',
    fixture: 'wiki_page_hook__wiki_page_edited.json',
    headers: { 'X-Gitlab-Event': 'Wiki Page Hook' },
    expect: [
      {
        topic: 'my-awesome-project',
        content: 'Tomasz Kolek updated [wiki page "how to"](https://gitlab.com/tomaszkolek0/my-awesome-project/wikis/how-to).',
      },
    ],
  },
  {
    test: 'test_build_created_event_message',
    fixture: 'build_created.json',
    headers: { 'X-Gitlab-Event': 'Job Hook' },
    expect: [{ topic: 'my-awesome-project / master', content: 'Build job_name from test stage was created.' }],
  },
  {
    test: 'test_build_started_event_message',
    fixture: 'build_started.json',
    headers: { 'X-Gitlab-Event': 'Job Hook' },
    expect: [{ topic: 'my-awesome-project / master', content: 'Build job_name from test stage started.' }],
  },
  {
    test: 'test_build_succeeded_event_message',
    fixture: 'build_succeeded.json',
    headers: { 'X-Gitlab-Event': 'Job Hook' },
    expect: [{ topic: 'my-awesome-project / master', content: 'Build job_name from test stage changed status to success.' }],
  },
  {
    test: 'test_build_created_event_message_legacy_event_name',
    fixture: 'build_created.json',
    headers: { 'X-Gitlab-Event': 'Build Hook' },
    expect: [{ topic: 'my-awesome-project / master', content: 'Build job_name from test stage was created.' }],
  },
  {
    test: 'test_build_started_event_message_legacy_event_name',
    fixture: 'build_started.json',
    headers: { 'X-Gitlab-Event': 'Build Hook' },
    expect: [{ topic: 'my-awesome-project / master', content: 'Build job_name from test stage started.' }],
  },
  {
    test: 'test_build_succeeded_event_message_legacy_event_name',
    fixture: 'build_succeeded.json',
    headers: { 'X-Gitlab-Event': 'Build Hook' },
    expect: [{ topic: 'my-awesome-project / master', content: 'Build job_name from test stage changed status to success.' }],
  },
  {
    test: 'test_pipeline_succeeded_with_artifacts_event_message',
    fixture: 'pipeline_hook__pipeline_succeeded_with_artifacts.json',
    headers: { 'X-Gitlab-Event': 'Pipeline Hook' },
    expect: [
      {
        topic: 'onlysomeproject / test/links-in-zulip-pipeline-message',
        content:
          '[Pipeline (22668)](https://gitlab.example.com/group1/onlysomeproject/-/pipelines/22668) changed status to success with build(s):\n* [cleanup:cleanup docker image](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58592) - success\n* [pages](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58591) - success\n  * built artifact: *artifacts.zip* [[Browse](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58591/artifacts/browse)|[Download](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58591/artifacts/download)]\n* [black+pytest:future environment](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58590) - success\n* [docs:anaconda environment](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58589) - success\n  * built artifact: *sphinx-docs.zip* [[Browse](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58589/artifacts/browse)|[Download](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58589/artifacts/download)]\n* [pytest:current environment](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58588) - success\n* [black:current environment](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58587) - success\n* [setup:docker image](https://gitlab.example.com/group1/onlysomeproject/-/jobs/58586) - success.',
      },
    ],
  },
  {
    test: 'test_pipeline_succeeded_event_message',
    fixture: 'pipeline_hook__pipeline_succeeded.json',
    headers: { 'X-Gitlab-Event': 'Pipeline Hook' },
    expect: [
      {
        topic: 'my-awesome-project / master',
        content:
          '[Pipeline (4414206)](https://gitlab.com/TomaszKolek/my-awesome-project/-/pipelines/4414206) changed status to success with build(s):\n* [job_name2](https://gitlab.com/TomaszKolek/my-awesome-project/-/jobs/4541113) - success\n* [job_name](https://gitlab.com/TomaszKolek/my-awesome-project/-/jobs/4541112) - success.',
      },
    ],
  },
  {
    test: 'test_pipeline_started_event_message',
    fixture: 'pipeline_hook__pipeline_started.json',
    headers: { 'X-Gitlab-Event': 'Pipeline Hook' },
    expect: [
      {
        topic: 'my-awesome-project / master',
        content:
          '[Pipeline (4414206)](https://gitlab.com/TomaszKolek/my-awesome-project/-/pipelines/4414206) started with build(s):\n* [job_name](https://gitlab.com/TomaszKolek/my-awesome-project/-/jobs/4541112) - running\n* [job_name2](https://gitlab.com/TomaszKolek/my-awesome-project/-/jobs/4541113) - pending.',
      },
    ],
  },
  {
    test: 'test_pipeline_pending_event_message',
    fixture: 'pipeline_hook__pipeline_pending.json',
    headers: { 'X-Gitlab-Event': 'Pipeline Hook' },
    expect: [
      {
        topic: 'my-awesome-project / master',
        content:
          '[Pipeline (4414206)](https://gitlab.com/TomaszKolek/my-awesome-project/-/pipelines/4414206) was created with build(s):\n* [job_name2](https://gitlab.com/TomaszKolek/my-awesome-project/-/jobs/4541113) - pending\n* [job_name](https://gitlab.com/TomaszKolek/my-awesome-project/-/jobs/4541112) - created.',
      },
    ],
  },
  {
    test: 'test_issue_type_test_payload',
    fixture: 'test_hook__issue_test_payload.json',
    headers: { 'X-Gitlab-Event': 'Test Hook' },
    expect: [{ topic: 'public-repo', content: 'Webhook for **public-repo** has been configured successfully! :tada:' }],
  },
  {
    test: 'test_push_event_message_filtered_by_branches_ignore',
    fixture: 'push_hook.json',
    query: { branches: 'master,development' },
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [],
  },
  {
    test: 'test_push_commits_more_than_limit_message_filtered_by_branches_ignore',
    fixture: 'push_hook__push_commits_more_than_limit.json',
    query: { branches: 'master,development' },
    headers: { 'X-Gitlab-Event': 'Push Hook' },
    expect: [],
  },
  {
    test: 'test_job_hook_event',
    fixture: 'job_hook__build_created.json',
    headers: { 'X-Gitlab-Event': 'Job Hook' },
    expect: [{ topic: 'gitlab_test / gitlab-script-trigger', content: 'Build test from test stage was created.' }],
  },
  {
    test: 'test_job_hook_event_topic',
    fixture: 'job_hook__build_created.json',
    query: { topic: 'provided topic' },
    headers: { 'X-Gitlab-Event': 'Job Hook' },
    expect: [
      {
        topic: 'provided topic',
        content: '[[gitlab_test](http://192.168.64.1:3005/gitlab-org/gitlab-test)] Build test from test stage was created.',
      },
    ],
  },
  {
    test: 'test_system_push_event_message',
    fixture: 'system_hook__push_hook.json',
    headers: { 'X-Gitlab-Event': 'System Hook' },
    expect: [
      {
        topic: 'gitlab / master',
        content:
          'John Smith [pushed](http://test.example.com/gitlab/gitlab/-/compare/95790bf891e76fee5e1747ab589903a6a1f80f22...da1560886d4f094c3e6c9ef40349f7d38b5d27d7) 1 commit to branch master. Commits by Test User (1).\n\n* Add simple search to projects in public area ([c5feabde2d8](https://test.example.com/gitlab/gitlab/-/commit/c5feabde2d8cd023215af4d2ceeb7a64839fc428))',
      },
    ],
  },
  {
    test: 'test_system_merge_request_created_without_assignee_event_message',
    fixture: 'system_hook__merge_request_created_without_assignee.json',
    headers: { 'X-Gitlab-Event': 'System Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #2 NEW MR',
        content:
          'Tomasz Kolek created [MR #2](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2) from `tomek` to `master`:\n\n~~~ quote\ndescription of merge request\n~~~',
      },
    ],
  },
  {
    test: 'test_system_merge_request_created_with_custom_topic_in_url',
    fixture: 'system_hook__merge_request_created_without_assignee.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'System Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[my-awesome-project](https://gitlab.com/tomaszkolek0/my-awesome-project)] Tomasz Kolek created [MR #2 NEW MR](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2) from `tomek` to `master`:\n\n~~~ quote\ndescription of merge request\n~~~',
      },
    ],
  },
  {
    test: 'test_system_merge_request_created_with_assignee_event_message',
    fixture: 'system_hook__merge_request_created_with_assignee.json',
    headers: { 'X-Gitlab-Event': 'System Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #3 New Merge Request',
        content:
          'Tomasz Kolek created [MR #3](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/3) from `tomek` to `master` (assigned to Tomasz Kolek):\n\n~~~ quote\ndescription of merge request\n~~~',
      },
    ],
  },
  {
    test: 'test_system_merge_request_closed_event_message',
    fixture: 'system_hook__merge_request_closed.json',
    headers: { 'X-Gitlab-Event': 'System Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #2 NEW MR',
        content: 'Tomasz Kolek closed [MR #2](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2).',
      },
    ],
  },
  {
    test: 'test_system_merge_request_merged_event_message',
    fixture: 'system_hook__merge_request_merged.json',
    headers: { 'X-Gitlab-Event': 'System Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #3 New Merge Request',
        content:
          'Tomasz Kolek merged [MR #3](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/3) from `tomek` to `master`.',
      },
    ],
  },
  {
    test: 'test_system_merge_request_closed_with_custom_topic_in_url',
    fixture: 'system_hook__merge_request_closed.json',
    query: { topic: 'notifications' },
    headers: { 'X-Gitlab-Event': 'System Hook' },
    expect: [
      {
        topic: 'notifications',
        content:
          '[[my-awesome-project](https://gitlab.com/tomaszkolek0/my-awesome-project)] Tomasz Kolek closed [MR #2 NEW MR](https://gitlab.com/tomaszkolek0/my-awesome-project/merge_requests/2).',
      },
    ],
  },
  {
    test: 'test_merge_request_unapproved_event_message',
    fixture: 'merge_request_hook__merge_request_unapproved.json',
    headers: { 'X-Gitlab-Event': 'Merge Request Hook' },
    expect: [
      {
        topic: 'my-awesome-project / MR #1 Update the README with author ...',
        content: 'Eeshan Garg unapproved [MR #1](https://gitlab.com/eeshangarg/my-awesome-project/merge_requests/1).',
      },
    ],
  },
  {
    test: 'test_release_created_event_message',
    fixture: 'release_hook__create.json',
    headers: { 'X-Gitlab-Event': 'Release Hook' },
    expect: [
      {
        topic: 'release-webhook-example',
        content:
          'Release [v1.1](https://example.com/gitlab-org/release-webhook-example/-/releases/v1.1) for tag v1.1 was created.\n~~~ quote\n## v1.1 (2024-09-06)\n\n- Feature added\n~~~',
      },
    ],
  },
  {
    test: 'test_release_created_event_message_custom_topic_in_url',
    fixture: 'release_hook__create.json',
    query: { topic: 'Specific topic' },
    headers: { 'X-Gitlab-Event': 'Release Hook' },
    expect: [
      {
        topic: 'Specific topic',
        content:
          '[[release-webhook-example](https://example.com/gitlab-org/release-webhook-example)] Release [v1.1](https://example.com/gitlab-org/release-webhook-example/-/releases/v1.1) for tag v1.1 was created.\n~~~ quote\n## v1.1 (2024-09-06)\n\n- Feature added\n~~~',
      },
    ],
  },
  {
    test: 'test_release_update_event_message',
    fixture: 'release_hook__update.json',
    headers: { 'X-Gitlab-Event': 'Release Hook' },
    expect: [
      {
        topic: 'release-webhook-example',
        content:
          'Release [v1.1](https://example.com/gitlab-org/release-webhook-example/-/releases/v1.1) for tag v1.1 was updated.\n~~~ quote\n## v1.1 (2024-09-06)\n\n- Feature added\n~~~',
      },
    ],
  },
  {
    test: 'test_release_delete_event_message',
    fixture: 'release_hook__delete.json',
    headers: { 'X-Gitlab-Event': 'Release Hook' },
    expect: [{ topic: 'release-webhook-example', content: 'Release v1.1 for tag v1.1 was deleted.' }],
  },
  {
    test: 'test_feature_flag_activate_event_message',
    fixture: 'feature_flag_hook__activated.json',
    headers: { 'X-Gitlab-Event': 'Feature Flag Hook' },
    expect: [
      {
        topic: 'sample',
        content: 'kolanuvarun739 activated the feature flag [sample-feature-flag](https://gitlab.com/kolanuvarun/sample/-/feature_flags).',
      },
    ],
  },
  {
    test: 'test_feature_flag_deactivate_event_message',
    fixture: 'feature_flag_hook__deactivated.json',
    headers: { 'X-Gitlab-Event': 'Feature Flag Hook' },
    expect: [
      {
        topic: 'sample',
        content:
          'kolanuvarun739 deactivated the feature flag [sample-feature-flag](https://gitlab.com/kolanuvarun/sample/-/feature_flags).',
      },
    ],
  },
  {
    test: 'test_resource_access_token_project_expiry',
    fixture: 'resource_access_token_hook__project_expiry.json',
    headers: { 'X-Gitlab-Event': 'Resource Access Token Hook' },
    expect: [
      {
        topic: 'Flight',
        content: 'The access token [acd](https://example.com/flightjs/Flight/-/settings/access_tokens) will expire on Jan 26, 2024.',
      },
    ],
  },
  {
    test: 'test_resource_access_token_group_expiry',
    fixture: 'resource_access_token_hook__group_expiry.json',
    headers: { 'X-Gitlab-Event': 'Resource Access Token Hook' },
    expect: [
      {
        topic: 'Twitter',
        content: 'The access token [acd](https://gitlab.com/groups/twitter/-/settings/access_tokens) will expire on Jan 26, 2024.',
      },
    ],
  },
  {
    test: 'test_deployment_started_event_message',
    fixture: 'deployment_hook__running.json',
    headers: { 'X-Gitlab-Event': 'Deployment Hook' },
    expect: [
      {
        topic: 'test / production',
        content:
          '[Vedant Joshi](https://gitlab.com/theofficialvedantjoshi) started a new [deployment](https://gitlab.com/vedant8600317/test/-/jobs/9905389091):\n> [5879366](https://gitlab.com/vedant8600317/test/-/commit/58793660b22d6ceacbdc23b28a0562bca339702c) Update .gitlab-ci.yml file',
      },
    ],
  },
  {
    test: 'test_deployment_succeeded_event_message',
    fixture: 'deployment_hook__success.json',
    headers: { 'X-Gitlab-Event': 'Deployment Hook' },
    expect: [
      { topic: 'test / production', content: 'The [deployment](https://gitlab.com/vedant8600317/test/-/jobs/9905389091) was successful.' },
    ],
  },
  {
    test: 'test_deployment_failed_event_message',
    fixture: 'deployment_hook__failed.json',
    headers: { 'X-Gitlab-Event': 'Deployment Hook' },
    expect: [{ topic: 'test / production', content: 'The [deployment](https://gitlab.com/vedant8600317/test/-/jobs/9905759933) failed.' }],
  },
  {
    test: 'test_deployment_canceled_event_message',
    fixture: 'deployment_hook__canceled.json',
    headers: { 'X-Gitlab-Event': 'Deployment Hook' },
    expect: [
      { topic: 'test / production', content: 'The [deployment](https://gitlab.com/vedant8600317/test/-/jobs/9905830127) was canceled.' },
    ],
  },
];

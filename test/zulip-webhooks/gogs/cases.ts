/**
 * zerver/webhooks/gogs/tests.py (see ../NOTICE). Each fixture is sent with the X-Gogs-Event
 * header its name gives (the part before "__"), as Zulip's test does.
 */
import type { ZulipCase } from '../case';

const COMPARE =
  'http://localhost:3000/john/try-git/compare/479e6b772b7fba19412457483f50b201286d0103...d8fce16c72a2ff56a5afc8a08645a6ce45491794';
const COMMIT = '* Webhook Test ([d8fce16c72a](http://localhost:3000/john/try-git/commit/d8fce16c72a2ff56a5afc8a08645a6ce45491794))';
const PUSH = `john [pushed](${COMPARE}) 1 commit to branch master. Commits by John (1).\n\n${COMMIT}`;
const PUSH_TWO = `john [pushed](${COMPARE}) 2 commits to branch master. Commits by Benjamin (1) and John (1).\n\n${COMMIT}\n${COMMIT}`;
const PUSH_THIRTY = `john [pushed](${COMPARE}) 30 commits to branch master. Commits by John (30).\n\n${`${COMMIT}\n`.repeat(20)}[and 10 more commit(s)]`;
const MASTER = 'try-git / master';
const BRANCHES = { branches: 'master,development' };
const IGNORING = { branches: 'changes,development' };

const event = (name: string) => ({ 'X-Gogs-Event': name });

const ISSUE = 'test / issue #3 New test issue';
const ISSUE_URL = 'https://try.gogs.io/kostekIV/test/issues/3';
const PR2 = 'https://try.gogs.io/kostekIV/test/pulls/2';

export const cases: ZulipCase[] = [
  { test: 'test_push', fixture: 'push.json', headers: event('push'), expect: [{ topic: MASTER, content: PUSH }] },
  {
    test: 'test_push_multiple_committers',
    fixture: 'push__commits_multiple_committers.json',
    headers: event('push'),
    expect: [{ topic: MASTER, content: PUSH_TWO }],
  },
  {
    test: 'test_push_multiple_committers_filtered_by_branches',
    fixture: 'push__commits_multiple_committers.json',
    query: BRANCHES,
    headers: event('push'),
    expect: [{ topic: MASTER, content: PUSH_TWO }],
  },
  {
    test: 'test_push_filtered_by_branches',
    fixture: 'push.json',
    query: BRANCHES,
    headers: event('push'),
    expect: [{ topic: MASTER, content: PUSH }],
  },
  {
    test: 'test_push_commits_more_than_limits',
    fixture: 'push__commits_more_than_limits.json',
    headers: event('push'),
    expect: [{ topic: MASTER, content: PUSH_THIRTY }],
  },
  {
    test: 'test_push_commits_more_than_limits_filtered_by_branches',
    fixture: 'push__commits_more_than_limits.json',
    query: BRANCHES,
    headers: event('push'),
    expect: [{ topic: MASTER, content: PUSH_THIRTY }],
  },
  {
    test: 'test_new_branch',
    fixture: 'create__branch.json',
    headers: event('create'),
    expect: [
      { topic: 'try-git / my_feature', content: 'john created [my_feature](http://localhost:3000/john/try-git/src/my_feature) branch.' },
    ],
  },
  {
    test: 'test_pull_request_opened',
    fixture: 'pull_request__opened.json',
    headers: event('pull_request'),
    expect: [
      {
        topic: 'try-git / PR #1 Title Text for Pull Request',
        content: 'john opened [PR #1](http://localhost:3000/john/try-git/pulls/1) from `feature` to `master`.',
      },
    ],
  },
  {
    test: 'test_pull_request_opened_with_custom_topic_in_url',
    fixture: 'pull_request__opened.json',
    query: { topic: 'notifications' },
    headers: event('pull_request'),
    expect: [
      {
        topic: 'notifications',
        content: 'john opened [PR #1 Title Text for Pull Request](http://localhost:3000/john/try-git/pulls/1) from `feature` to `master`.',
      },
    ],
  },
  {
    test: 'test_pull_request_closed',
    fixture: 'pull_request__closed.json',
    headers: event('pull_request'),
    expect: [
      {
        topic: 'try-git / PR #1 Title Text for Pull Request',
        content: 'john closed [PR #1](http://localhost:3000/john/try-git/pulls/1) from `feature` to `master`.',
      },
    ],
  },
  {
    test: 'test_pull_request_merged',
    fixture: 'pull_request__merged.json',
    headers: event('pull_request'),
    expect: [
      {
        topic: 'try-git / PR #2 Title Text for Pull Request',
        content: 'john merged [PR #2](http://localhost:3000/john/try-git/pulls/2) from `feature` to `master`.',
      },
    ],
  },
  {
    test: 'test_pull_request_reopened',
    fixture: 'pull_request__reopened.json',
    headers: event('pull_request'),
    expect: [{ topic: 'test / PR #1349 reopened', content: `kostekIV reopened [PR #2](${PR2}) from \`c\` to \`master\`.` }],
  },
  {
    test: 'test_pull_request_edited',
    fixture: 'pull_request__edited.json',
    headers: event('pull_request'),
    expect: [{ topic: 'test / PR #1349 Test', content: `kostekIV edited [PR #2](${PR2}).` }],
  },
  {
    test: 'test_pull_request_assigned',
    fixture: 'pull_request__assigned.json',
    headers: event('pull_request'),
    expect: [{ topic: 'test / PR #1349 Test', content: `kostekIV assigned kostekIV to [PR #2](${PR2}) from \`c\` to \`master\`.` }],
  },
  {
    test: 'test_pull_request_synchronized',
    fixture: 'pull_request__synchronized.json',
    headers: event('pull_request'),
    expect: [{ topic: 'test / PR #1349 Test', content: `kostekIV synchronized [PR #2](${PR2}) from \`c\` to \`master\`.` }],
  },
  {
    test: 'test_issues_opened',
    fixture: 'issues__opened.json',
    headers: event('issues'),
    expect: [{ topic: ISSUE, content: `kostekIV opened [issue #3](${ISSUE_URL}):\n\n~~~ quote\nTest\n~~~` }],
  },
  {
    test: 'test_issues_reopened',
    fixture: 'issues__reopened.json',
    headers: event('issues'),
    expect: [{ topic: ISSUE, content: `kostekIV reopened [issue #3](${ISSUE_URL}):\n\n~~~ quote\nTest\n~~~` }],
  },
  {
    test: 'test_issues_edited',
    fixture: 'issues__edited.json',
    headers: event('issues'),
    expect: [{ topic: ISSUE, content: `kostekIV edited [issue #3](${ISSUE_URL}):\n\n~~~ quote\nTest edit\n~~~` }],
  },
  {
    test: 'test_issues_assignee',
    fixture: 'issues__assigned.json',
    headers: event('issues'),
    expect: [
      { topic: ISSUE, content: `kostekIV assigned kostekIV to [issue #3](${ISSUE_URL}) (assigned to kostekIV):\n\n~~~ quote\nTest\n~~~` },
    ],
  },
  {
    test: 'test_issues_closed',
    fixture: 'issues__closed.json',
    headers: event('issues'),
    expect: [{ topic: ISSUE, content: `kostekIV closed [issue #3](${ISSUE_URL}):\n\n~~~ quote\nClosed #3\n~~~` }],
  },
  {
    test: 'test_issue_comment_new',
    fixture: 'issue_comment__new.json',
    headers: event('issue_comment'),
    expect: [
      {
        topic: ISSUE,
        content: `kostekIV [commented](${ISSUE_URL}#issuecomment-3635) on [issue #3](${ISSUE_URL}):\n\n~~~ quote\nTest comment\n~~~`,
      },
    ],
  },
  {
    test: 'test_issue_comment_edited',
    fixture: 'issue_comment__edited.json',
    headers: event('issue_comment'),
    expect: [
      {
        topic: ISSUE,
        content: `kostekIV edited a [comment](${ISSUE_URL}#issuecomment-3634) on [issue #3](${ISSUE_URL}):\n\n~~~ quote\nedit comment\n~~~`,
      },
    ],
  },
  {
    test: 'test_release_published',
    fixture: 'release__published.json',
    headers: event('release'),
    expect: [
      {
        topic: 'zulip_test / v1.4 Title',
        content: 'cestrell published release [Title](https://try.gogs.io/cestrell/zulip_test) for tag v1.4.',
      },
    ],
  },
  { test: 'test_push_filtered_by_branches_ignore', fixture: 'push.json', query: IGNORING, headers: event('push'), expect: [] },
  {
    test: 'test_push_commits_more_than_limits_filtered_by_branches_ignore',
    fixture: 'push__commits_more_than_limits.json',
    query: IGNORING,
    headers: event('push'),
    expect: [],
  },
  {
    test: 'test_push_multiple_committers_filtered_by_branches_ignore',
    fixture: 'push__commits_multiple_committers.json',
    query: IGNORING,
    headers: event('push'),
    expect: [],
  },
];

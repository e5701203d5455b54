/**
 * zerver/webhooks/gitea/tests.py (see ../NOTICE). Each fixture is sent with the X-Gitea-Event
 * header its name gives (the part before "__"), as Zulip's test does.
 */
import type { ZulipCase } from '../case';

const event = (name: string) => ({ 'X-Gitea-Event': name });

const TEST = 'https://try.gitea.io/kostekIV/test';
const commit = (sha: string) => `* commit ([${sha.slice(0, 11)}](${TEST}/commit/${sha}))`;
const PUSH =
  `kostekIV [pushed](${TEST}/compare/21138d2ca0ce18f8e037696fdbe1b3f0c211f630...2ec0c971d04723523aa20f2b378f8b419b47d4ec) 5 commits to branch d.\n\n` +
  [
    '2ec0c971d04723523aa20f2b378f8b419b47d4ec',
    '6cb1701c8b0114ad716f4cd49153076e7109cb85',
    '6773eabc0778a3e38997c06a13f5f0c48b67e5dc',
    '337402cf675ce7082ddcd23d06a116c85241825a',
    '0a38cad3fac3a13bb78b738d13f15ce9cc3343fa',
  ]
    .map(commit)
    .join('\n');
const PR5 = 'test / PR #1906 test 2';
const ISSUE3 = `${TEST}/issues/3`;
const QUOTE = ':\n\n~~~ quote\nTest body\n~~~';

export const cases: ZulipCase[] = [
  {
    test: 'test_multiple_commits',
    fixture: 'push__5_commits.json',
    headers: event('push'),
    expect: [{ topic: 'test / d', content: PUSH }],
  },
  {
    test: 'test_new_branch',
    fixture: 'create__branch.json',
    headers: event('create'),
    expect: [{ topic: 'test / test-branch', content: `kostekIV created [test-branch](${TEST}/src/test-branch) branch.` }],
  },
  {
    test: 'test_pull_request_opened',
    fixture: 'pull_request__opened.json',
    headers: event('pull_request'),
    expect: [{ topic: 'test / PR #1905 New pr', content: `kostekIV opened [PR #4](${TEST}/pulls/4) from \`test-branch\` to \`master\`.` }],
  },
  {
    test: 'test_pull_request_merged',
    fixture: 'pull_request__merged.json',
    headers: event('pull_request'),
    expect: [
      {
        topic: 'zulip-terminal / PR #1905 Fix remove-op on reaction event',
        content: `kostekIV merged [PR #1905](${TEST}/pulls/4) from \`reaction-metadata\` to \`main\`.`,
      },
    ],
  },
  {
    test: 'test_pull_request_edited',
    fixture: 'pull_request__edited.json',
    headers: event('pull_request'),
    expect: [{ topic: PR5, content: `kostekIV edited [PR #5](${TEST}/pulls/5).` }],
  },
  {
    test: 'test_pull_request_reopened',
    fixture: 'pull_request__reopened.json',
    headers: event('pull_request'),
    expect: [{ topic: PR5, content: `kostekIV reopened [PR #5](${TEST}/pulls/5) from \`d\` to \`master\`.` }],
  },
  {
    test: 'test_pull_request_closed',
    fixture: 'pull_request__closed.json',
    headers: event('pull_request'),
    expect: [{ topic: PR5, content: `kostekIV closed [PR #5](${TEST}/pulls/5) from \`d\` to \`master\`.` }],
  },
  {
    test: 'test_pull_request_closed_different_user',
    fixture: 'pull_request__closed_diff_user.json',
    headers: event('pull_request'),
    expect: [
      {
        topic: 'test / PR #126085 PR closed',
        content: 'Aneesh-Hegde closed [PR #1](https://gitea.com/Aneesh-Hegde/test-repo/pulls/1) from `main` to `main`.',
      },
    ],
  },
  {
    test: 'test_pull_request_assigned',
    fixture: 'pull_request__assigned.json',
    headers: event('pull_request'),
    expect: [
      { topic: PR5, content: `kostekIV assigned kostekIV to [PR #5](${TEST}/pulls/5) from \`d\` to \`master\` (assigned to kostekIV).` },
    ],
  },
  {
    test: 'test_issues_opened',
    fixture: 'issues__opened.json',
    headers: event('issues'),
    expect: [{ topic: 'test / issue #3 Test issue', content: `kostekIV opened [issue #3](${ISSUE3})${QUOTE}` }],
  },
  {
    test: 'test_issues_edited',
    fixture: 'issues__edited.json',
    headers: event('issues'),
    expect: [{ topic: 'test / issue #3 Test issue 2', content: `kostekIV edited [issue #3](${ISSUE3}) (assigned to kostekIV)${QUOTE}` }],
  },
  {
    test: 'test_issues_closed',
    fixture: 'issues__closed.json',
    headers: event('issues'),
    expect: [{ topic: 'test / issue #3 Test issue 2', content: `kostekIV closed [issue #3](${ISSUE3}) (assigned to kostekIV)${QUOTE}` }],
  },
  {
    test: 'test_issues_assigned',
    fixture: 'issues__assigned.json',
    headers: event('issues'),
    expect: [
      {
        topic: 'test / issue #3 Test issue',
        content: `kostekIV assigned kostekIV to [issue #3](${ISSUE3}) (assigned to kostekIV)${QUOTE}`,
      },
    ],
  },
  {
    test: 'test_issues_reopened',
    fixture: 'issues__reopened.json',
    headers: event('issues'),
    expect: [{ topic: 'test / issue #3 Test issue 2', content: `kostekIV reopened [issue #3](${ISSUE3}) (assigned to kostekIV)${QUOTE}` }],
  },
  {
    test: 'test_issue_comment_new',
    fixture: 'issue_comment__new.json',
    headers: event('issue_comment'),
    expect: [
      {
        topic: 'test / issue #3 Test issue',
        content: `kostekIV [commented](${ISSUE3}#issuecomment-24400) on [issue #3](${ISSUE3}):\n\n~~~ quote\ntest comment\n~~~`,
      },
    ],
  },
  {
    test: 'test_issue_comment_in_pr',
    fixture: 'issue_comment__in_pr.json',
    headers: event('issue_comment'),
    expect: [
      {
        topic: 'test / issue #1 dummy',
        content: `kostekIV [commented](${TEST}/pulls/1/files#issuecomment-24399) on [issue #1](${TEST}/issues/1):\n\n~~~ quote\ntest comment\n~~~`,
      },
    ],
  },
  {
    test: 'test_issue_comment_edited',
    fixture: 'issue_comment__edited.json',
    headers: event('issue_comment'),
    expect: [
      {
        topic: 'test / issue #3 Test issue 2',
        content: `kostekIV edited a [comment](${ISSUE3}#issuecomment-24400) on [issue #3](${ISSUE3}):\n\n~~~ quote\nedit test comment\n~~~`,
      },
    ],
  },
  {
    test: 'test_push_filtered_by_branches_ignore',
    fixture: 'push__5_commits.json',
    query: { branches: 'changes,development' },
    headers: event('push'),
    expect: [],
  },
];

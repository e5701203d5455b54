/** zerver/webhooks/bitbucket2/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

const TOPIC = 'Repository name';
const TOPIC_PR_EVENTS = 'Repository name / PR #1 new commit';
const TOPIC_ISSUE_EVENTS = 'Repository name / issue #1 Bug';
const TOPIC_BRANCH_EVENTS = 'Repository name / master';

const REPO = 'https://bitbucket.org/kolaszek/repository-name';
const FIRST_COMMIT = `* first commit ([84b96adc644](${REPO}/commits/84b96adc644a30fd6465b3d196369d880762afed))`;
const PUSH = `Tomasz [pushed](${REPO}/branch/master) 1 commit to branch master.\n\n${FIRST_COMMIT}`;
const PUSH_MULTIPLE_COMMITTERS = `Tomasz [pushed](${REPO}/branch/master) 3 commits to branch master. Commits by Ben (2) and Tomasz (1).\n\n${`${FIRST_COMMIT}\n`.repeat(2)}${FIRST_COMMIT}`;
const PUSH_WITH_OTHERS = `Tomasz [pushed](${REPO}/branch/master) 10 commits to branch master. Commits by Tomasz (4), James (3), Brendon (2) and others (1).\n\n${`${FIRST_COMMIT}\n`.repeat(9)}${FIRST_COMMIT}`;
const ABOVE_LIMIT_COMMIT = `* a ([6f161a7bced](${REPO}/commits/6f161a7bced94430ac8947d87dbf45c6deee3fb0))\n`;
const PUSH_ABOVE_LIMIT = `Tomasz [pushed](${REPO}/branches/compare/6f161a7bced94430ac8947d87dbf45c6deee3fb0..1221f2fda6f1e3654b09f1f3a08390e4cb25bb48) 5 commits to branch master.\n\n${ABOVE_LIMIT_COMMIT.repeat(5)}[and more commit(s)]`;
const FORCE_PUSH = `Tomasz [force pushed](${REPO}/branch/master) to branch master. Head is now 25f93d22b719e2d678a7ad5ee0ef0d1fcdf39c12.`;
const tagPushed = (name: string) => `Tomasz pushed tag [${name}](${REPO}/commits/tag/${name}).`;

const BRANCHES = { branches: 'master,development' };
const OTHER_BRANCHES = { branches: 'changes,development' };
const NOTIFICATIONS = { topic: 'notifications' };

const ISSUE_CREATED = (title: string) =>
  `Tomasz created [issue #1${title}](${REPO}/issues/2/bug) (assigned to Tomasz):\n\n~~~ quote\nSuch a bug\n~~~`;
const ISSUE_COMMENTED = (title: string) =>
  `Tomasz [commented](${REPO}/issues/2#comment-28973596) on [issue #1${title}](${REPO}/issues/2/bug).`;
const PR_CREATED = (title: string) =>
  `Tomasz created [PR #1${title}](${REPO}/pull-requests/1) from \`new-branch\` to \`master\` (assigned to Tomasz Kolek):\n\n~~~ quote\ndescription\n~~~`;
const PR_COMMENT = (action: string, title: string) =>
  `Tomasz ${action} on [PR #1${title}](${REPO}/pull-requests/3):\n\n~~~ quote\nComment1\n~~~`;
const COMMENT_URL = `${REPO}/pull-requests/3/_/diff#comment-20576503`;

export const cases: ZulipCase[] = [
  { test: 'test_bitbucket2_on_push_event', fixture: 'push.json', expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH }] },
  {
    test: 'test_bitbucket2_on_push_commits_multiple_committers',
    fixture: 'push_multiple_committers.json',
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH_MULTIPLE_COMMITTERS }],
  },
  {
    test: 'test_bitbucket2_on_push_commits_multiple_committers_with_others',
    fixture: 'push_multiple_committers_with_others.json',
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH_WITH_OTHERS }],
  },
  {
    test: 'test_bitbucket2_on_push_commits_multiple_committers_filtered_by_branches',
    fixture: 'push_multiple_committers.json',
    query: BRANCHES,
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH_MULTIPLE_COMMITTERS }],
  },
  {
    test: 'test_bitbucket2_on_push_commits_multiple_committers_with_others_filtered_by_branches',
    fixture: 'push_multiple_committers_with_others.json',
    query: BRANCHES,
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH_WITH_OTHERS }],
  },
  {
    test: 'test_bitbucket2_on_push_event_filtered_by_branches',
    fixture: 'push.json',
    query: BRANCHES,
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH }],
  },
  {
    test: 'test_bitbucket2_on_push_commits_above_limit_event',
    fixture: 'push_commits_above_limit.json',
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH_ABOVE_LIMIT }],
  },
  {
    test: 'test_bitbucket2_on_push_commits_above_limit_filtered_by_branches',
    fixture: 'push_commits_above_limit.json',
    query: BRANCHES,
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: PUSH_ABOVE_LIMIT }],
  },
  {
    test: 'test_bitbucket2_on_force_push_event',
    fixture: 'force_push.json',
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: FORCE_PUSH }],
  },
  {
    test: 'test_bitbucket2_on_force_push_event_filtered_by_branches',
    fixture: 'force_push.json',
    query: BRANCHES,
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: FORCE_PUSH }],
  },
  {
    test: 'test_bitbucket2_on_remove_branch_event',
    fixture: 'remove_branch.json',
    expect: [{ topic: TOPIC_BRANCH_EVENTS, content: 'Tomasz deleted branch master.' }],
  },
  {
    test: 'test_bitbucket2_on_fork_event',
    fixture: 'fork.json',
    expect: [
      {
        topic: TOPIC,
        content: 'Tomasz forked the repository into [kolaszek/repository-name2](https://bitbucket.org/kolaszek/repository-name2).',
      },
    ],
  },
  {
    test: 'test_bitbucket2_on_commit_comment_created_event',
    fixture: 'commit_comment_created.json',
    expect: [
      {
        topic: TOPIC,
        content: `Tomasz [commented](${REPO}/commits/32c4ea19aa3af10acd08e419e2c354941a365d74#comment-3354963) on [32c4ea19aa3](${REPO}/commits/32c4ea19aa3af10acd08e419e2c354941a365d74):\n~~~ quote\nNice fix!\n~~~`,
      },
    ],
  },
  {
    test: 'test_bitbucket2_on_commit_status_changed_event',
    fixture: 'commit_status_changed.json',
    expect: [
      {
        topic: TOPIC,
        content: `[System mybuildtool](https://my-build-tool.com/builds/MY-PROJECT/BUILD-777) changed status of [9fec847784a](${REPO}/commits/9fec847784abb10b2fa567ee63b85bd238955d0e) to SUCCESSFUL.`,
      },
    ],
  },
  {
    test: 'test_bitbucket2_on_issue_created_event',
    fixture: 'issue_created.json',
    expect: [{ topic: TOPIC_ISSUE_EVENTS, content: ISSUE_CREATED('') }],
  },
  {
    test: 'test_bitbucket2_on_issue_created_with_custom_topic_in_url',
    fixture: 'issue_created.json',
    query: NOTIFICATIONS,
    expect: [{ topic: 'notifications', content: ISSUE_CREATED(' Bug') }],
  },
  {
    test: 'test_bitbucket2_on_issue_updated_event',
    fixture: 'issue_updated.json',
    expect: [{ topic: TOPIC_ISSUE_EVENTS, content: `Tomasz updated [issue #1](${REPO}/issues/2/bug).` }],
  },
  {
    test: 'test_bitbucket2_on_issue_commented_event',
    fixture: 'issue_commented.json',
    expect: [{ topic: TOPIC_ISSUE_EVENTS, content: ISSUE_COMMENTED('') }],
  },
  {
    test: 'test_bitbucket2_on_issue_commented_with_custom_topic_in_url',
    fixture: 'issue_commented.json',
    query: NOTIFICATIONS,
    expect: [{ topic: 'notifications', content: ISSUE_COMMENTED(' Bug') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_created_event',
    fixture: 'pull_request_created_or_updated.json',
    headers: { 'X-Event-Key': 'pullrequest:created' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: PR_CREATED('') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_created_without_reviewer_username_event',
    fixture: 'pull_request_created_or_updated_without_username.json',
    headers: { 'X-Event-Key': 'pullrequest:created' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: PR_CREATED('') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_created_with_custom_topic_in_url',
    fixture: 'pull_request_created_or_updated.json',
    query: NOTIFICATIONS,
    headers: { 'X-Event-Key': 'pullrequest:created' },
    expect: [{ topic: 'notifications', content: PR_CREATED(' new commit') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_updated_event',
    fixture: 'pull_request_created_or_updated.json',
    headers: { 'X-Event-Key': 'pullrequest:updated' },
    expect: [
      {
        topic: TOPIC_PR_EVENTS,
        content: `Tomasz updated [PR #1](${REPO}/pull-requests/1) (assigned to Tomasz Kolek):\n\n~~~ quote\ndescription\n~~~`,
      },
    ],
  },
  {
    test: 'test_bitbucket2_on_pull_request_approved_event',
    fixture: 'pull_request_approved_or_unapproved.json',
    headers: { 'X-Event-Key': 'pullrequest:approved' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: `Tomasz approved [PR #1](${REPO}/pull-requests/1).` }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_approved_with_custom_topic_in_url',
    fixture: 'pull_request_approved_or_unapproved.json',
    query: NOTIFICATIONS,
    headers: { 'X-Event-Key': 'pullrequest:approved' },
    expect: [{ topic: 'notifications', content: `Tomasz approved [PR #1 new commit](${REPO}/pull-requests/1).` }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_unapproved_event',
    fixture: 'pull_request_approved_or_unapproved.json',
    headers: { 'X-Event-Key': 'pullrequest:unapproved' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: `Tomasz unapproved [PR #1](${REPO}/pull-requests/1).` }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_declined_event',
    fixture: 'pull_request_fulfilled_or_rejected.json',
    headers: { 'X-Event-Key': 'pullrequest:rejected' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: `Tomasz rejected [PR #1](${REPO}/pull-requests/1).` }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_fulfilled_event',
    fixture: 'pull_request_fulfilled_or_rejected.json',
    headers: { 'X-Event-Key': 'pullrequest:fulfilled' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: `Tomasz merged [PR #1](${REPO}/pull-requests/1) from \`new-branch\` to \`master\`.` }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_comment_created_event',
    fixture: 'pull_request_comment_action.json',
    headers: { 'X-Event-Key': 'pullrequest:comment_created' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: PR_COMMENT(`[commented](${COMMENT_URL})`, '') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_comment_created_with_custom_topic_in_url',
    fixture: 'pull_request_comment_action.json',
    query: NOTIFICATIONS,
    headers: { 'X-Event-Key': 'pullrequest:comment_created' },
    expect: [{ topic: 'notifications', content: PR_COMMENT(`[commented](${COMMENT_URL})`, ' new commit') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_comment_updated_event',
    fixture: 'pull_request_comment_action.json',
    headers: { 'X-Event-Key': 'pullrequest:comment_updated' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: PR_COMMENT(`updated a [comment](${COMMENT_URL})`, '') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_comment_updated_with_custom_topic_in_url',
    fixture: 'pull_request_comment_action.json',
    query: NOTIFICATIONS,
    headers: { 'X-Event-Key': 'pullrequest:comment_updated' },
    expect: [{ topic: 'notifications', content: PR_COMMENT(`updated a [comment](${COMMENT_URL})`, ' new commit') }],
  },
  {
    test: 'test_bitbucket2_on_pull_request_comment_deleted_event',
    fixture: 'pull_request_comment_action.json',
    headers: { 'X-Event-Key': 'pullrequest:comment_deleted' },
    expect: [{ topic: TOPIC_PR_EVENTS, content: PR_COMMENT(`deleted a [comment](${COMMENT_URL})`, '') }],
  },
  {
    test: 'test_bitbucket2_on_repo_updated_event',
    fixture: 'repo_updated.json',
    headers: { 'X-Event-Key': 'repo:updated' },
    expect: [
      {
        topic: 'new-name',
        content:
          'eeshangarg changed the website of the **new-name** repo to **http://zulipchat.com**.\n' +
          'eeshangarg changed the name of the **new-name** repo from **test-repo** to **new-name**.\n' +
          'eeshangarg changed the language of the **new-name** repo to **python**.\n' +
          'eeshangarg changed the full name of the **new-name** repo from **webhooktest/test-repo** to **webhooktest/new-name**.\n' +
          'eeshangarg changed the description of the **new-name** repo to **Random description.**',
      },
    ],
  },
  {
    test: 'test_bitbucket2_on_push_one_tag_event',
    fixture: 'push_one_tag.json',
    headers: { 'X-Event-Key': 'pullrequest:push' },
    expect: [{ topic: TOPIC, content: tagPushed('a') }],
  },
  {
    test: 'test_bitbucket2_on_push_remove_tag_event',
    fixture: 'push_remove_tag.json',
    headers: { 'X-Event-Key': 'pullrequest:push' },
    expect: [{ topic: TOPIC, content: `Tomasz removed tag [a](${REPO}/commits/tag/a).` }],
  },
  {
    test: 'test_bitbucket2_on_push_more_than_one_tag_event',
    fixture: 'push_more_than_one_tag.json',
    headers: { 'X-Event-Key': 'pullrequest:push' },
    expect: [
      { topic: TOPIC, content: tagPushed('a') },
      { topic: TOPIC, content: tagPushed('b') },
    ],
  },
  {
    test: 'test_bitbucket2_on_more_than_one_push_event',
    fixture: 'more_than_one_push_event.json',
    headers: { 'X-Event-Key': 'pullrequest:push' },
    expect: [
      { topic: TOPIC_BRANCH_EVENTS, content: PUSH },
      { topic: TOPIC, content: tagPushed('a') },
    ],
  },
  {
    test: 'test_bitbucket2_on_more_than_one_push_event_filtered_by_branches',
    fixture: 'more_than_one_push_event.json',
    query: BRANCHES,
    headers: { 'X-Event-Key': 'pullrequest:push' },
    expect: [
      { topic: TOPIC_BRANCH_EVENTS, content: PUSH },
      { topic: TOPIC, content: tagPushed('a') },
    ],
  },
  {
    // Zulip's test checks only the last message. The push's last change, a tag, is what the
    // branch filter looks at, so the branch's message is sent too, before it.
    test: 'test_bitbucket2_on_more_than_one_push_event_filtered_by_branches_ignore',
    fixture: 'more_than_one_push_event.json',
    query: OTHER_BRANCHES,
    headers: { 'X-Event-Key': 'pullrequest:push' },
    expect: [
      { topic: TOPIC_BRANCH_EVENTS, content: PUSH },
      { topic: TOPIC, content: tagPushed('a') },
    ],
  },
  { test: 'test_bitbucket2_on_push_event_filtered_by_branches_ignore', fixture: 'push.json', query: OTHER_BRANCHES, expect: [] },
  {
    test: 'test_bitbucket2_on_push_commits_above_limit_filtered_by_branches_ignore',
    fixture: 'push_commits_above_limit.json',
    query: OTHER_BRANCHES,
    expect: [],
  },
  {
    test: 'test_bitbucket2_on_force_push_event_filtered_by_branches_ignore',
    fixture: 'force_push.json',
    query: OTHER_BRANCHES,
    expect: [],
  },
  {
    test: 'test_bitbucket2_on_push_multiple_committers_filtered_by_branches_ignore',
    fixture: 'push_multiple_committers.json',
    query: OTHER_BRANCHES,
    expect: [],
  },
  {
    test: 'test_bitbucket2_on_push_multiple_committers_with_others_filtered_by_branches_ignore',
    fixture: 'push_multiple_committers_with_others.json',
    query: OTHER_BRANCHES,
    expect: [],
  },
  { test: 'test_bitbucket2_on_push_without_changes_ignore', fixture: 'push_without_changes.json', expect: [] },
];

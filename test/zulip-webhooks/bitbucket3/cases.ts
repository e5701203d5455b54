/** zerver/webhooks/bitbucket3/tests.py (see ../NOTICE). */
import type { ZulipCase } from '../case';

const TOPIC = 'sandbox';
const branchTopic = (branch: string) => `sandbox / ${branch}`;

const HOST = 'http://139.59.64.214:7990';
const HYPRO = `[hypro999](${HOST}/users/hypro999)`;
const ZURA = `[zura](${HOST}/users/zura)`;
const SHIMURA = `[shimura](${HOST}/users/shimura)`;
const SOUGO = `[sougo](${HOST}/users/sougo)`;
const PR = (n: number) => `${HOST}/projects/SBOX/repos/sandbox/pull-requests/${n}`;
const COMMIT = `[508d1b67f1f](${HOST}/projects/SBOX/repos/sandbox/commits/508d1b67f1f8f3a25f543a030a7a178894aa9907)`;
const PING = 'Congratulations! The Bitbucket Server webhook was configured successfully!';
const CUSTOM_TOPIC = { topic: 'custom_topic' };

const TOPIC_PR1 = 'sandbox / PR #1 Branch1';
const TOPIC_PR2 = 'sandbox / PR #2 Add notes feature.';
const TOPIC_PR6 = 'sandbox / PR #6 sample_file: Add sample_file.txt.';

const TWO_REVIEWERS = (title: string) =>
  `${HYPRO} opened [PR #5${title}](${PR(5)}) from \`master\` to \`master\` (assigned reviewers: ${SHIMURA} and ${SOUGO}).`;
const MODIFIED = (title: string) =>
  `${HYPRO} modified [PR #1${title}](${PR(1)}) (assigned reviewers: ${SHIMURA}):\n\n~~~ quote\n* Add file2.txt\n* Add file3.txt\nBoth of these files would be important additions to the project!\n~~~`;
const NEEDS_WORK = (title: string) => `${ZURA} marked [PR #6${title}](${PR(6)}) as "needs work".`;
const REVIEWER_ADDED = (title: string) => `${HYPRO} reassigned [PR #1${title}](${PR(1)}) to ${SHIMURA}.`;
const REVIEWERS_REMOVED = (title: string) => `${HYPRO} removed all reviewers from [PR #1${title}](${PR(1)}).`;
const EDITED_COMMENT = 'This seems like a pretty good idea. @shimura what do you think?';

export const cases: ZulipCase[] = [
  // Diagnostics events:
  {
    test: 'test_ping',
    fixture: 'diagnostics_ping.json',
    headers: { 'X-Event-Key': 'diagnostics:ping' },
    expect: [{ topic: 'Bitbucket Server Ping', content: PING }],
  },
  {
    test: 'test_ping_with_user_defined_topic',
    fixture: 'diagnostics_ping.json',
    query: { topic: 'my topic' },
    headers: { 'X-Event-Key': 'diagnostics:ping' },
    expect: [{ topic: 'my topic', content: PING }],
  },
  // Core repo events:
  {
    test: 'test_commit_comment_added',
    fixture: 'commit_comment_added.json',
    expect: [{ topic: TOPIC, content: `${HYPRO} commented on ${COMMIT}:\n~~~ quote\nJust an arbitrary comment on a commit.\n~~~` }],
  },
  {
    test: 'test_commit_comment_edited',
    fixture: 'commit_comment_edited.json',
    expect: [
      {
        topic: TOPIC,
        content: `${HYPRO} edited their comment on ${COMMIT}:\n~~~ quote\nJust an arbitrary comment on a commit. Nothing to see here...\n~~~`,
      },
    ],
  },
  {
    test: 'test_commit_comment_deleted',
    fixture: 'commit_comment_deleted.json',
    expect: [
      {
        topic: TOPIC,
        content: `${HYPRO} deleted their comment on ${COMMIT}:\n~~~ quote\n~~Just an arbitrary comment on a commit. Nothing to see here...~~\n~~~`,
      },
    ],
  },
  {
    test: 'test_bitbucket3_repo_forked',
    fixture: 'repo_forked.json',
    expect: [
      {
        topic: TOPIC,
        content: `User Hemanth V. Alluri(login: ${HYPRO}) forked the repository into [sandbox fork](${HOST}/users/hypro999/repos/sandbox-fork/browse).`,
      },
    ],
  },
  {
    test: 'test_bitbucket3_repo_modified',
    fixture: 'repo_modified.json',
    expect: [{ topic: 'sandbox v2', content: `${HYPRO} changed the name of the **sandbox** repo from **sandbox** to **sandbox v2**.` }],
  },
  // Repo push events:
  {
    test: 'test_push_add_branch',
    fixture: 'repo_push_add_branch.json',
    expect: [{ topic: branchTopic('branch2'), content: `${HYPRO} created branch2 branch.` }],
  },
  { test: 'test_push_add_tag', fixture: 'repo_push_add_tag.json', expect: [{ topic: TOPIC, content: `${HYPRO} pushed tag newtag.` }] },
  {
    test: 'test_push_delete_branch',
    fixture: 'repo_push_delete_branch.json',
    expect: [{ topic: branchTopic('branch2'), content: `${HYPRO} deleted branch branch2.` }],
  },
  {
    test: 'test_push_delete_tag',
    fixture: 'repo_push_delete_tag.json',
    expect: [{ topic: TOPIC, content: `${HYPRO} removed tag test-tag.` }],
  },
  {
    test: 'test_push_update_single_branch',
    fixture: 'repo_push_update_single_branch.json',
    expect: [
      { topic: branchTopic('master'), content: `${HYPRO} pushed to branch master. Head is now e68c981ef53dbab0a5ca320a2d8d80e216c70528.` },
    ],
  },
  {
    test: 'test_push_update_multiple_branches',
    fixture: 'repo_push_update_multiple_branches.json',
    expect: [
      {
        topic: branchTopic('branch1'),
        content: `${HYPRO} pushed to branch branch1. Head is now 3980c2be32a7e23c795741d5dc1a2eecb9b85d6d.`,
      },
      { topic: branchTopic('master'), content: `${HYPRO} pushed to branch master. Head is now fc43d13cff1abb28631196944ba4fc4ad06a2cf2.` },
    ],
  },
  // test_push_update_multiple_branches_with_branch_filter posts the fixture twice, once per filter.
  {
    test: 'test_push_update_multiple_branches_with_branch_filter',
    fixture: 'repo_push_update_multiple_branches.json',
    query: { branches: 'master' },
    expect: [
      { topic: branchTopic('master'), content: `${HYPRO} pushed to branch master. Head is now fc43d13cff1abb28631196944ba4fc4ad06a2cf2.` },
    ],
  },
  {
    test: 'test_push_update_multiple_branches_with_branch_filter',
    fixture: 'repo_push_update_multiple_branches.json',
    query: { branches: 'branch1' },
    expect: [
      {
        topic: branchTopic('branch1'),
        content: `${HYPRO} pushed to branch branch1. Head is now 3980c2be32a7e23c795741d5dc1a2eecb9b85d6d.`,
      },
    ],
  },
  // Core PR events:
  {
    test: 'test_pr_opened_without_reviewers',
    fixture: 'pull_request_opened_without_reviewers.json',
    expect: [
      {
        topic: TOPIC_PR1,
        content: `${HYPRO} opened [PR #1](${PR(1)}) from \`branch1\` to \`master\`:\n\n~~~ quote\n* Add file2.txt\r\n* Add file3.txt\n~~~`,
      },
    ],
  },
  {
    test: 'test_pr_opened_without_description',
    fixture: 'pull_request_opened_without_description.json',
    expect: [{ topic: TOPIC_PR2, content: `${HYPRO} opened [PR #2](${PR(2)}) from \`master\` to \`master\`.` }],
  },
  {
    test: 'test_pr_opened_with_two_reviewers',
    fixture: 'pull_request_opened_with_two_reviewers.json',
    expect: [{ topic: 'sandbox / PR #5 Add Notes Feature', content: TWO_REVIEWERS('') }],
  },
  {
    test: 'test_pr_opened_with_two_reviewers_and_user_defined_topic',
    fixture: 'pull_request_opened_with_two_reviewers.json',
    query: CUSTOM_TOPIC,
    expect: [{ topic: 'custom_topic', content: TWO_REVIEWERS(' Add Notes Feature') }],
  },
  {
    test: 'test_pr_opened_with_multiple_reviewers',
    fixture: 'pull_request_opened_with_multiple_reviewers.json',
    expect: [
      {
        topic: TOPIC_PR6,
        content: `${HYPRO} opened [PR #6](${PR(6)}) from \`master\` to \`master\` (assigned reviewers: ${SOUGO}, ${ZURA} and ${SHIMURA}):\n\n~~~ quote\nAdd a simple text file for further testing purposes.\n~~~`,
      },
    ],
  },
  { test: 'test_pr_modified', fixture: 'pull_request_modified.json', expect: [{ topic: TOPIC_PR1, content: MODIFIED('') }] },
  {
    test: 'test_pr_modified_with_include_title',
    fixture: 'pull_request_modified.json',
    query: CUSTOM_TOPIC,
    expect: [{ topic: 'custom_topic', content: MODIFIED(' Branch1') }],
  },
  {
    test: 'test_pr_deleted',
    fixture: 'pull_request_deleted.json',
    expect: [{ topic: TOPIC_PR2, content: `${HYPRO} deleted [PR #2](${PR(2)}).` }],
  },
  {
    test: 'test_pr_deleted_with_include_title',
    fixture: 'pull_request_deleted.json',
    query: CUSTOM_TOPIC,
    expect: [{ topic: 'custom_topic', content: `${HYPRO} deleted [PR #2 Add notes feature.](${PR(2)})` }],
  },
  {
    test: 'test_pr_declined',
    fixture: 'pull_request_declined.json',
    expect: [{ topic: 'sandbox / PR #7 Crazy Idea', content: `${ZURA} declined [PR #7](${PR(7)}).` }],
  },
  {
    test: 'test_pr_merged',
    fixture: 'pull_request_merged.json',
    expect: [{ topic: TOPIC_PR6, content: `${ZURA} merged [PR #6](${PR(6)}) from \`master\` to \`master\`.` }],
  },
  // PR reviewer events:
  {
    test: 'test_pr_approved',
    fixture: 'pull_request_approved.json',
    expect: [{ topic: TOPIC_PR6, content: `${ZURA} approved [PR #6](${PR(6)}).` }],
  },
  {
    test: 'test_pr_unapproved',
    fixture: 'pull_request_unapproved.json',
    expect: [{ topic: TOPIC_PR6, content: `${ZURA} unapproved [PR #6](${PR(6)}).` }],
  },
  {
    test: 'test_pr_marked_as_needs_review',
    fixture: 'pull_request_needs_work.json',
    expect: [{ topic: TOPIC_PR6, content: NEEDS_WORK('') }],
  },
  {
    test: 'test_pr_marked_as_needs_review_and_include_title',
    fixture: 'pull_request_needs_work.json',
    query: CUSTOM_TOPIC,
    expect: [{ topic: 'custom_topic', content: NEEDS_WORK(' sample_file: Add sample_file.txt.') }],
  },
  {
    test: 'test_pull_request_reviewer_added',
    fixture: 'pull_request_add_reviewer.json',
    expect: [{ topic: TOPIC_PR1, content: REVIEWER_ADDED('') }],
  },
  {
    test: 'test_pull_request_reviewer_added_and_include_title',
    fixture: 'pull_request_add_reviewer.json',
    query: CUSTOM_TOPIC,
    expect: [{ topic: 'custom_topic', content: REVIEWER_ADDED(' Branch1') }],
  },
  {
    test: 'test_pull_request_reviewers_added',
    fixture: 'pull_request_add_two_reviewers.json',
    expect: [{ topic: TOPIC_PR1, content: `${HYPRO} reassigned [PR #1](${PR(1)}) to ${SHIMURA} and ${SOUGO}.` }],
  },
  {
    test: 'test_pull_request_remove_all_reviewers',
    fixture: 'pull_request_remove_reviewer.json',
    expect: [{ topic: TOPIC_PR1, content: REVIEWERS_REMOVED('') }],
  },
  {
    test: 'test_pull_request_remove_all_reviewers_with_title',
    fixture: 'pull_request_remove_reviewer.json',
    query: CUSTOM_TOPIC,
    expect: [{ topic: 'custom_topic', content: REVIEWERS_REMOVED(' Branch1') }],
  },
  // PR comment events:
  {
    test: 'test_pull_request_comment_added',
    fixture: 'pull_request_comment_added.json',
    expect: [
      { topic: TOPIC_PR6, content: `${ZURA} commented on [PR #6](${PR(6)}):\n\n~~~ quote\nThis seems like a pretty good idea.\n~~~` },
    ],
  },
  {
    test: 'test_pull_request_comment_edited',
    fixture: 'pull_request_comment_edited.json',
    expect: [{ topic: TOPIC_PR6, content: `${ZURA} edited their comment on [PR #6](${PR(6)}):\n\n~~~ quote\n${EDITED_COMMENT}\n~~~` }],
  },
  {
    test: 'test_pull_request_comment_deleted',
    fixture: 'pull_request_comment_deleted.json',
    expect: [{ topic: TOPIC_PR6, content: `${ZURA} deleted their comment on [PR #6](${PR(6)}):\n\n~~~ quote\n~~${EDITED_COMMENT}~~\n~~~` }],
  },
];

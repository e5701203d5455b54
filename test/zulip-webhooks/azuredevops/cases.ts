/**
 * zerver/webhooks/azuredevops/tests.py (see ../NOTICE). The two tests that patch
 * check_send_webhook_message and assert it was not called expect nothing posted.
 */
import type { ZulipCase } from '../case';

const REPO = 'https://dev.azure.com/ttchong/test-zulip/_git/test-zulip';
const compare = (from: string, to: string) => `${REPO}/branchCompare?baseVersion=GC${from}&targetVersion=GC${to}&_a=files`;
const commit = (message: string, sha: string) => `* ${message} ([${sha.slice(0, 11)}](${REPO}/commit/${sha}))\n`;

const README = commit('Modify readme', 'b0ce2f2009c3c87dbefadf61d7eb2c0697a6f369');
const REPLY = commit('Add reply', '0929a3404b39f6e39076a640779b2c1c961e19b5');
const HOW_ARE_YOU = commit('Add how are you', '819ce8de51bedfc250c202edcaee0ce8dc70bf3b');
const PUSH_MAIN = compare('51515957669f93c543df09f8f3e7f47c3613c879', 'b0ce2f2009c3c87dbefadf61d7eb2c0697a6f369');
const PUSH = [{ topic: 'test-zulip / main', content: `Yuro Itaki [pushed](${PUSH_MAIN}) 1 commit to branch main.\n\n${README.trimEnd()}` }];
const MULTIPLE = compare('cc21b940719cc372b364d932eb39e528b0ec2a91', '0929a3404b39f6e39076a640779b2c1c961e19b5');

export const cases: ZulipCase[] = [
  { test: 'test_push_event_message', fixture: 'code_push.json', expect: PUSH },
  { test: 'test_push_event_message_filtered_by_branches', fixture: 'code_push.json', query: { branches: 'main,dev' }, expect: PUSH },
  {
    test: 'test_push_event_message_filtered_by_branches_ignore',
    fixture: 'code_push.json',
    query: { branches: 'development' },
    expect: [],
  },
  {
    test: 'test_push_local_branch_without_commits',
    fixture: 'code_push__local_branch_without_commits.json',
    expect: [
      {
        topic: 'test-zulip / dev',
        content: `Yuro Itaki [pushed](${compare('0000000000000000000000000000000000000000', '0929a3404b39f6e39076a640779b2c1c961e19b5')}) the branch dev.`,
      },
    ],
  },
  {
    test: 'test_push_multiple_committers',
    fixture: 'code_push__multiple_committers.json',
    expect: [
      {
        topic: 'test-zulip / main',
        content:
          `Yuro Itaki [pushed](${MULTIPLE}) 2 commits to branch main. Commits by Itachi Sensei (1) and Yuro Itaki (1).\n\n` +
          `${REPLY}${HOW_ARE_YOU}`.trimEnd(),
      },
    ],
  },
  {
    test: 'test_push_multiple_committers_with_others',
    fixture: 'code_push__multiple_committers_with_others.json',
    expect: [
      {
        topic: 'test-zulip / main',
        content:
          `Yuro Itaki [pushed](${MULTIPLE}) 6 commits to branch main. Commits by Itachi Sensei (2), Yuro Itaki (2), Jonas Nielsen (1) and others (1).\n\n` +
          `${REPLY}${HOW_ARE_YOU.repeat(4)}${REPLY}`.trimEnd(),
      },
    ],
  },
  {
    test: 'test_push_commits_more_than_limit',
    fixture: 'code_push__commits_more_than_limit.json',
    expect: [
      {
        topic: 'test-zulip / main',
        content: `Yuro Itaki [pushed](${PUSH_MAIN}) 50 commits to branch main.\n\n${README.repeat(20)}[and 30 more commit(s)]`,
      },
    ],
  },
  {
    test: 'test_push_remove_branch',
    fixture: 'code_push__remove_branch.json',
    expect: [
      {
        topic: 'test-zulip / dev',
        content: `Yuro Itaki [pushed](${compare('0929a3404b39f6e39076a640779b2c1c961e19b5', '0000000000000000000000000000000000000000')}) the branch dev.`,
      },
    ],
  },
  {
    test: 'test_pull_request_opened',
    fixture: 'code_pull_request__opened.json',
    expect: [
      {
        topic: 'test-zulip / PR #1 Add PR request',
        content: `Yuro Itaki created [PR #1 Add PR request](${REPO}/pullrequest/1) from \`dev\` to \`main\`:\n\n~~~ quote\nAdd PR request\n~~~`,
      },
    ],
  },
  {
    test: 'test_pull_request_opened_without_description',
    fixture: 'code_pull_request__opened_without_description.json',
    expect: [
      {
        topic: 'test-zulip / PR #2 Raised 2nd PR!',
        content: `Yuro Itaki created [PR #2 Raised 2nd PR!](${REPO}/pullrequest/2) from \`stg\` to \`main\`.`,
      },
    ],
  },
  {
    test: 'test_pull_request_merged',
    fixture: 'code_pull_request__merged.json',
    expect: [
      {
        topic: 'test-zulip / PR #1 Add PR request',
        content: `Yuro Itaki merged [PR #1 Add PR request](${REPO}/pullrequest/1) from \`dev\` to \`main\`.`,
      },
    ],
  },
  { test: 'test_pull_request_merge_attempted_ignore', fixture: 'code_pull_request__merge_attempted.json', expect: [] },
  {
    test: 'test_pull_request_updated',
    fixture: 'code_pull_request__updated.json',
    expect: [
      {
        topic: 'test-zulip / PR #2 Raised 2nd PR!',
        content:
          `Yuro Itaki updated [PR #2 Raised 2nd PR!](${REPO}/pullrequest/2)\n\n~~~ quote\n` +
          `Yuro Itaki updated the source branch of [pull request 2](${REPO}/pullrequest/2) (Raised 2nd PR!) in [test-zulip](${REPO}/)\r\nRaised 2nd PR!\r\n\n~~~`,
      },
    ],
  },
];

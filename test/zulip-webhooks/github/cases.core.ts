/**
 * zerver/webhooks/github/tests.py (see ../NOTICE), the tests of code and review events: pushes,
 * pull requests and reviews, issues, comments, ping, and what applies to every event (the
 * `topic`, `branches`, `ignore_private_repositories` and `include_repository_name` options).
 * Zulip's `build_webhook_url("master,changes")` adds `master,changes` as a bare query parameter
 * (not `branches`), so those cases send it so. The payloads Zulip's ignored-action test builds
 * inline are the ignored_pull_request_action__*.json files.
 */
import type { ZulipCase } from '../case';

export const coreCases: ZulipCase[] = [
  {
    test: 'test_ping_event',
    fixture: 'ping.json',
    headers: {
      'X-GitHub-Event': 'ping',
    },
    expect: [
      {
        topic: 'public-repo',
        content: 'GitHub webhook has been successfully configured by TomaszKolek.',
      },
    ],
  },
  {
    test: 'test_ping_organization_event',
    fixture: 'ping__organization.json',
    headers: {
      'X-GitHub-Event': 'ping',
    },
    expect: [
      {
        topic: 'zulip-test-org',
        content: 'GitHub webhook has been successfully configured by eeshangarg.',
      },
    ],
  },
  {
    test: 'test_push_delete_branch',
    fixture: 'push__delete_branch.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / feature',
        content: 'eeshangarg [deleted](https://github.com/eeshangarg/public-repo/compare/2e8cf535fb38...000000000000) the branch feature.',
      },
    ],
  },
  {
    test: 'test_push_force_1_commit',
    fixture: 'push__force_1_commit.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'zulip / temp',
        content:
          'sbansal1999 [force pushed](https://github.com/sbansal1999/zulip/compare/b6de8891fc10...971d76ca3094) 1 commit to branch temp.\n\n* log: Add important.txt which is useful for logging errors. ([971d76ca309](https://github.com/sbansal1999/zulip/commit/971d76ca309446a9c20381f6271cea8a59b4e40a))',
      },
    ],
  },
  {
    test: 'test_push__force_remove_commits',
    fixture: 'push__force_remove_commits.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'zulip / temp',
        content: 'sbansal1999 [force pushed](https://github.com/sbansal1999/zulip/compare/2084a91af9ca...9a8749ea8fe7) the branch temp.',
      },
    ],
  },
  {
    test: 'test_push_local_branch_without_commits',
    fixture: 'push__local_branch_without_commits.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / feature',
        content: 'eeshangarg [pushed](https://github.com/eeshangarg/public-repo/compare/feature) the branch feature.',
      },
    ],
  },
  {
    test: 'test_push_merege_queue_ignore',
    fixture: 'push__merge_queue.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [],
  },
  {
    test: 'test_push_1_commit',
    fixture: 'push__1_commit.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 1 commit to branch changes.\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_push_1_commit_private_repository_skipped',
    fixture: 'push__1_commit_private_repository.json',
    query: {
      ignore_private_repositories: 'true',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [],
  },
  {
    test: 'test_push_1_commit_without_username',
    fixture: 'push__1_commit_without_username.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'eeshangarg [pushed](https://github.com/eeshangarg/public-repo/compare/0383613da871...2e8cf535fb38) 1 commit to branch changes. Commits by John Snow (1).\n\n* Update the README ([2e8cf535fb3](https://github.com/eeshangarg/public-repo/commit/2e8cf535fb38a3dab2476cdf856efda904ad4c94))',
      },
    ],
  },
  {
    test: 'test_push_1_commit_filtered_by_branches',
    fixture: 'push__1_commit.json',
    query: {
      'master,changes': '',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 1 commit to branch changes.\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_push_multiple_committers',
    fixture: 'push__multiple_committers.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 6 commits to branch changes. Commits by Tomasz (3), Ben (2) and baxterthehacker (1).\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_push_multiple_committers_with_others',
    fixture: 'push__multiple_committers_with_others.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 10 commits to branch changes. Commits by Tomasz (4), Ben (3), James (2) and others (1).\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_push_multiple_committers_filtered_by_branches',
    fixture: 'push__multiple_committers.json',
    query: {
      'master,changes': '',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 6 commits to branch changes. Commits by Tomasz (3), Ben (2) and baxterthehacker (1).\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_push_multiple_committers_with_others_filtered_by_branches',
    fixture: 'push__multiple_committers_with_others.json',
    query: {
      'master,changes': '',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 10 commits to branch changes. Commits by Tomasz (4), Ben (3), James (2) and others (1).\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_push_50_commits',
    fixture: 'push__50_commits.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 50 commits to branch changes.\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n[and 30 more commit(s)]',
      },
    ],
  },
  {
    test: 'test_push_50_commits_filtered_by_branches',
    fixture: 'push__50_commits.json',
    query: {
      branches: 'master,changes',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 50 commits to branch changes.\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n[and 30 more commit(s)]',
      },
    ],
  },
  {
    test: 'test_push_1_commit_with_repository_name',
    fixture: 'push__1_commit.json',
    query: {
      include_repository_name: 'true',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 1 commit to branch changes of [baxterthehacker/public-repo](https://github.com/baxterthehacker/public-repo).\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_push_multiple_committers_with_repository_name',
    fixture: 'push__multiple_committers.json',
    query: {
      include_repository_name: 'true',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo / changes',
        content:
          'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 6 commits to branch changes of [baxterthehacker/public-repo](https://github.com/baxterthehacker/public-repo). Commits by Tomasz (3), Ben (2) and baxterthehacker (1).\n\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))\n* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
      },
    ],
  },
  {
    test: 'test_commit_comment_msg',
    fixture: 'commit_comment.json',
    headers: {
      'X-GitHub-Event': 'commit_comment',
    },
    expect: [
      {
        topic: 'public-repo',
        content:
          'baxterthehacker [commented](https://github.com/baxterthehacker/public-repo/commit/9049f1265b7d61be4a8904a9a27120d2064dab3b#commitcomment-11056394) on [9049f1265b7](https://github.com/baxterthehacker/public-repo/commit/9049f1265b7d61be4a8904a9a27120d2064dab3b):\n~~~ quote\nThis is a really good change! :+1:\n~~~',
      },
    ],
  },
  {
    test: 'test_issue_comment_msg',
    fixture: 'issue_comment.json',
    headers: {
      'X-GitHub-Event': 'issue_comment',
    },
    expect: [
      {
        topic: 'public-repo / issue #2 Spelling error in the README file',
        content:
          "baxterthehacker [commented](https://github.com/baxterthehacker/public-repo/issues/2#issuecomment-99262140) on [issue #2](https://github.com/baxterthehacker/public-repo/issues/2):\n\n~~~ quote\nYou are totally right! I'll get this fixed right away.\n~~~",
      },
    ],
  },
  {
    test: 'test_issue_comment_deleted_msg',
    fixture: 'issue_comment__deleted.json',
    headers: {
      'X-GitHub-Event': 'issue_comment',
    },
    expect: [
      {
        topic: 'Scheduler / issue #5 This is a new issue',
        content:
          'eeshangarg deleted a [comment](https://github.com/eeshangarg/Scheduler/issues/5#issuecomment-425164194) on [issue #5](https://github.com/eeshangarg/Scheduler/issues/5):\n\n~~~ quote\nThis is a comment on this new issue.\n~~~',
      },
    ],
  },
  {
    test: 'test_issue_comment_msg_with_custom_topic_in_url',
    fixture: 'issue_comment.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'issue_comment',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          "baxterthehacker [commented](https://github.com/baxterthehacker/public-repo/issues/2#issuecomment-99262140) on [issue #2 Spelling error in the README file](https://github.com/baxterthehacker/public-repo/issues/2):\n\n~~~ quote\nYou are totally right! I'll get this fixed right away.\n~~~",
      },
    ],
  },
  {
    test: 'test_issue_comment_pull_request_comment_msg',
    fixture: 'issue_comment__pull_request_comment.json',
    headers: {
      'X-GitHub-Event': 'issue_comment',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content:
          'sbansal1999 [commented](https://github.com/sbansal1999/public-repo/pull/1#issuecomment-1631445420) on [PR #1](https://github.com/sbansal1999/public-repo/pull/1):\n\n~~~ quote\nSome comment\n~~~',
      },
    ],
  },
  {
    test: 'test_issue_msg',
    fixture: 'issues.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'public-repo / issue #2 Spelling error in the README file',
        content:
          "baxterthehacker opened [issue #2](https://github.com/baxterthehacker/public-repo/issues/2):\n\n~~~ quote\nIt looks like you accidentally spelled 'commit' with two 't's.\n~~~",
      },
    ],
  },
  {
    test: 'test_issue_msg_with_custom_topic_in_url',
    fixture: 'issues.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          "baxterthehacker opened [issue #2 Spelling error in the README file](https://github.com/baxterthehacker/public-repo/issues/2):\n\n~~~ quote\nIt looks like you accidentally spelled 'commit' with two 't's.\n~~~",
      },
    ],
  },
  {
    test: 'test_issue_assigned',
    fixture: 'issues__assigned.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'testing-gh / issue #7 Testing when issue assigned!',
        content: 'sbansal1999 assigned sbansal1999 to [issue #7](https://github.com/sbansal1999/testing-gh/issues/7).',
      },
    ],
  },
  {
    test: 'test_issue_assigned_with_custom_topic_in_url',
    fixture: 'issues__assigned.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          'sbansal1999 assigned sbansal1999 to [issue #7 Testing when issue assigned!](https://github.com/sbansal1999/testing-gh/issues/7)',
      },
    ],
  },
  {
    test: 'test_issue_unassigned',
    fixture: 'issues__unassigned.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'testing-gh / issue #9 idk man',
        content: 'sbansal1999 unassigned sbansal1999 from [issue #9](https://github.com/sbansal1999/testing-gh/issues/9).',
      },
    ],
  },
  {
    test: 'test_issue_unassigned_with_custom_topic_in_url',
    fixture: 'issues__unassigned.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'notifications',
        content: 'sbansal1999 unassigned sbansal1999 from [issue #9 idk man](https://github.com/sbansal1999/testing-gh/issues/9).',
      },
    ],
  },
  {
    test: 'test_issue_labeled',
    fixture: 'issues__labeled.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'testing-gh / issue #9 idk man',
        content:
          '[sbansal1999](https://github.com/sbansal1999) added the bug label to [Issue #9](https://github.com/sbansal1999/testing-gh/issues/9).',
      },
    ],
  },
  {
    test: 'test_issue_labeled_with_custom_topic_in_url',
    fixture: 'issues__labeled.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          '[sbansal1999](https://github.com/sbansal1999) added the bug label to [Issue #9 idk man](https://github.com/sbansal1999/testing-gh/issues/9).',
      },
    ],
  },
  {
    test: 'test_issue_unlabeled',
    fixture: 'issues__unlabeled.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'testing-gh / issue #9 idk man',
        content:
          '[sbansal1999](https://github.com/sbansal1999) removed the bug label from [Issue #9](https://github.com/sbansal1999/testing-gh/issues/9).',
      },
    ],
  },
  {
    test: 'test_issue_milestoned',
    fixture: 'issues__milestoned.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'testing-gh / issue #6 This is a sample issue to test GH I...',
        content:
          '[sbansal1999](https://github.com/sbansal1999) added milestone [some_random_milestone](https://github.com/sbansal1999/testing-gh/milestone/1) to [issue #6](https://github.com/sbansal1999/testing-gh/issues/6).',
      },
    ],
  },
  {
    test: 'test_issue_milestoned_with_custom_topic_in_url',
    fixture: 'issues__milestoned.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          '[sbansal1999](https://github.com/sbansal1999) added milestone [some_random_milestone](https://github.com/sbansal1999/testing-gh/milestone/1) to [issue #6 This is a sample issue to test GH Integration Func](https://github.com/sbansal1999/testing-gh/issues/6).',
      },
    ],
  },
  {
    test: 'test_issue_demilestoned',
    fixture: 'issues__demilestoned.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'testing-gh / issue #6 This is a sample issue to test GH I...',
        content:
          '[sbansal1999](https://github.com/sbansal1999) removed milestone [some_random_milestone](https://github.com/sbansal1999/testing-gh/milestone/1) from [issue #6](https://github.com/sbansal1999/testing-gh/issues/6).',
      },
    ],
  },
  {
    test: 'test_issue_transfer_transferred_message',
    fixture: 'issues__transferred.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'TestWebhook / issue #4 Fixture collection',
        content:
          'Aditya8840 transferred [issue #4 Fixture collection](https://github.com/CrisisCollab/TestWebhook/issues/4) to [CrisisCollab/admin-frontend-mvp/#4](https://github.com/CrisisCollab/admin-frontend-mvp/issues/4).',
      },
    ],
  },
  {
    test: 'test_issue_transfer_opened_message',
    fixture: 'issues__opened_via_transfer.json',
    headers: {
      'X-GitHub-Event': 'issues',
    },
    expect: [
      {
        topic: 'admin-frontend-mvp / issue #4 Fixture collection',
        content:
          '[Issue #4 Fixture collection](https://github.com/CrisisCollab/admin-frontend-mvp/issues/4) was transferred from [CrisisCollab/TestWebhook#4](https://github.com/CrisisCollab/TestWebhook/issues/4).',
      },
    ],
  },
  {
    test: 'test_pull_request_opened_msg',
    fixture: 'pull_request__opened.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content:
          'baxterthehacker opened [PR #1](https://github.com/baxterthehacker/public-repo/pull/1) from `baxterthehacker:changes` to `baxterthehacker:master`:\n\n~~~ quote\nThis is a pretty simple change that we need to pull into master.\n~~~',
      },
    ],
  },
  {
    test: 'test_pull_request_opened_with_preassigned_assignee_msg',
    fixture: 'pull_request__opened_with_preassigned_assignee.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'Scheduler / PR #4 Improve README',
        content:
          'eeshangarg opened [PR #4](https://github.com/eeshangarg/Scheduler/pull/4) from `eeshangarg:improve-readme-2` to `eeshangarg:master` (assigned to eeshangarg).',
      },
    ],
  },
  {
    test: 'test_pull_request_opened_msg_with_custom_topic_in_url',
    fixture: 'pull_request__opened.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          'baxterthehacker opened [PR #1 Update the README with new information](https://github.com/baxterthehacker/public-repo/pull/1) from `baxterthehacker:changes` to `baxterthehacker:master`:\n\n~~~ quote\nThis is a pretty simple change that we need to pull into master.\n~~~',
      },
    ],
  },
  {
    test: 'test_pull_request_synchronized_msg',
    fixture: 'pull_request__synchronized.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'baxterthehacker updated [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_closed_msg',
    fixture: 'pull_request__closed.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'baxterthehacker closed without merge [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_closed_msg_with_custom_topic_in_url',
    fixture: 'pull_request__closed.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          'baxterthehacker closed without merge [PR #1 Update the README with new information](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_merged_msg',
    fixture: 'pull_request__merged.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'baxterthehacker merged [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_merged_msg_private_repository_skipped',
    fixture: 'pull_request__merged_private_repository.json',
    query: {
      ignore_private_repositories: 'true',
    },
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [],
  },
  {
    test: 'test_pull_request_review_msg',
    fixture: 'pull_request_review.json',
    headers: {
      'X-GitHub-Event': 'pull_request_review',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content:
          'baxterthehacker submitted [PR review](https://github.com/baxterthehacker/public-repo/pull/1#pullrequestreview-2626884):\n\n~~~ quote\nLooks great!\n~~~',
      },
    ],
  },
  {
    test: 'test_pull_request_review_msg_with_custom_topic_in_url',
    fixture: 'pull_request_review.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'pull_request_review',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          'baxterthehacker submitted [PR review for #1 Update the README with new information](https://github.com/baxterthehacker/public-repo/pull/1#pullrequestreview-2626884):\n\n~~~ quote\nLooks great!\n~~~',
      },
    ],
  },
  {
    test: 'test_pull_request_review_msg_with_empty_body',
    fixture: 'pull_request_review__empty_body.json',
    headers: {
      'X-GitHub-Event': 'pull_request_review',
    },
    expect: [
      {
        topic: 'groonga / PR #1581 grn_db_value_lock: unlock GRN_TYPE obj...',
        content: 'kou submitted [PR review](https://github.com/groonga/groonga/pull/1581#pullrequestreview-1483047907).',
      },
    ],
  },
  {
    test: 'test_pull_request_review_comment_msg',
    fixture: 'pull_request_review_comment.json',
    headers: {
      'X-GitHub-Event': 'pull_request_review_comment',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content:
          'baxterthehacker created [PR review comment](https://github.com/baxterthehacker/public-repo/pull/1#discussion_r29724692):\n\n~~~ quote\nMaybe you should use more emojji on this line.\n~~~',
      },
    ],
  },
  {
    test: 'test_pull_request_review_comment_with_custom_topic_in_url',
    fixture: 'pull_request_review_comment.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'pull_request_review_comment',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          'baxterthehacker created [PR review comment on #1 Update the README with new information](https://github.com/baxterthehacker/public-repo/pull/1#discussion_r29724692):\n\n~~~ quote\nMaybe you should use more emojji on this line.\n~~~',
      },
    ],
  },
  {
    test: 'test_pull_request_locked',
    fixture: 'pull_request__locked.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content:
          'tushar912 has locked [PR #1](https://github.com/tushar912/public-repo/pull/1) as off-topic and limited conversation to collaborators.',
      },
    ],
  },
  {
    test: 'test_pull_request_unlocked',
    fixture: 'pull_request__unlocked.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'tushar912 has unlocked [PR #1](https://github.com/tushar912/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_auto_merge_enabled',
    fixture: 'pull_request__auto_merge_enabled.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'tushar912 has enabled auto merge for [PR #1](https://github.com/tushar912/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_auto_merge_disabled',
    fixture: 'pull_request__auto_merge_disabled.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'tushar912 has disabled auto merge for [PR #1](https://github.com/tushar912/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_push_tag_msg',
    fixture: 'push__tag.json',
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [
      {
        topic: 'public-repo',
        content: 'baxterthehacker pushed tag abc.',
      },
    ],
  },
  {
    test: 'test_pull_request_edited_msg',
    fixture: 'pull_request__edited.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'baxterthehacker edited [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_edited_with_body_change',
    fixture: 'pull_request__edited_with_body_change.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'cozyrohan edited [PR #1](https://github.com/cozyrohan/public-repo/pull/1):\n\n~~~ quote\nPR EDITED\n~~~',
      },
    ],
  },
  {
    test: 'test_pull_request_synchronized_with_body',
    fixture: 'pull_request__synchronized_with_body.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'baxterthehacker updated [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_assigned_msg',
    fixture: 'pull_request__assigned.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'public-repo / PR #1 Update the README with new information',
        content: 'baxterthehacker assigned baxterthehacker to [PR #1](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_assigned_msg_with_custom_topic_in_url',
    fixture: 'pull_request__assigned.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          'baxterthehacker assigned baxterthehacker to [PR #1 Update the README with new information](https://github.com/baxterthehacker/public-repo/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_unassigned_msg',
    fixture: 'pull_request__unassigned.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'helloworld / PR #1 Mention that Zulip rocks!',
        content: 'eeshangarg unassigned eeshangarg from [PR #1](https://github.com/zulip-test-org/helloworld/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request_unassigned_msg_with_custom_topic_in_url',
    fixture: 'pull_request__unassigned.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          'eeshangarg unassigned eeshangarg from [PR #1 Mention that Zulip rocks!](https://github.com/zulip-test-org/helloworld/pull/1)',
      },
    ],
  },
  {
    test: 'test_pull_request_ready_for_review_msg',
    fixture: 'pull_request__ready_for_review.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'temp-test-github-webhook / PR #2 Test',
        content: '**Hypro999** has marked [PR #2](https://github.com/Hypro999/temp-test-github-webhook/pull/2) as ready for review.',
      },
    ],
  },
  {
    test: 'test_pull_request_review_requested_msg',
    fixture: 'pull_request__review_requested.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'Scheduler / PR #1 This is just a test commit',
        content:
          '**eeshangarg** requested [showell](https://github.com/showell) for a review on [PR #1](https://github.com/eeshangarg/Scheduler/pull/1).',
      },
    ],
  },
  {
    test: 'test_pull_request__review_requested_team_reviewer_msg',
    fixture: 'pull_request__review_requested_team_reviewer.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'webhook-test / PR #4 testing webhook',
        content:
          '**singhsourabh** requested [authority](https://github.com/orgs/test-org965/teams/authority) for a review on [PR #4](https://github.com/test-org965/webhook-test/pull/4).',
      },
    ],
  },
  {
    test: 'test_pull_request_review_requested_with_custom_topic_in_url',
    fixture: 'pull_request__review_requested.json',
    query: {
      topic: 'notifications',
    },
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [
      {
        topic: 'notifications',
        content:
          '**eeshangarg** requested [showell](https://github.com/showell) for a review on [PR #1 This is just a test commit](https://github.com/eeshangarg/Scheduler/pull/1).',
      },
    ],
  },
  {
    test: 'test_ignored_pull_request_actions',
    fixture: 'ignored_pull_request_action__approved.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [],
  },
  {
    test: 'test_ignored_pull_request_actions',
    fixture: 'ignored_pull_request_action__converted_to_draft.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [],
  },
  {
    test: 'test_ignored_pull_request_actions',
    fixture: 'ignored_pull_request_action__labeled.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [],
  },
  {
    test: 'test_ignored_pull_request_actions',
    fixture: 'ignored_pull_request_action__review_request_removed.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [],
  },
  {
    test: 'test_ignored_pull_request_actions',
    fixture: 'ignored_pull_request_action__unlabeled.json',
    headers: {
      'X-GitHub-Event': 'pull_request',
    },
    expect: [],
  },
  {
    test: 'test_pull_request_review_edited_empty_changes_ignore',
    fixture: 'pull_request_review__edited_empty_changes.json',
    headers: {
      'X-GitHub-Event': 'pull_request_review',
    },
    expect: [],
  },
  {
    test: 'test_push_1_commit_filtered_by_branches_ignore',
    fixture: 'push__1_commit.json',
    query: {
      branches: 'master,development',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [],
  },
  {
    test: 'test_push_50_commits_filtered_by_branches_ignore',
    fixture: 'push__50_commits.json',
    query: {
      branches: 'master,development',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [],
  },
  {
    test: 'test_push_multiple_committers_filtered_by_branches_ignore',
    fixture: 'push__multiple_committers.json',
    query: {
      branches: 'master,development',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [],
  },
  {
    test: 'test_push_multiple_committers_with_others_filtered_by_branches_ignore',
    fixture: 'push__multiple_committers_with_others.json',
    query: {
      branches: 'master,development',
    },
    headers: {
      'X-GitHub-Event': 'push',
    },
    expect: [],
  },
  {
    test: 'test_comment_edited_unchanged_skipped',
    fixture: 'issue_comment__edited__unchanged.json',
    headers: {
      'X-GitHub-Event': 'issue_comment',
    },
    expect: [],
  },
];

/**
 * zerver/webhooks/github/tests.py (see ../NOTICE): the events besides code and its review
 * (repositories, organizations, builds and deliveries, discussions), the events Zulip ignores, and
 * GitHubSponsorsHookTests. Fixtures named `*inline*` hold a payload the test writes inline
 * (`{}`, `dict(action=...)`) rather than a file of Zulip's.
 */
import type { ZulipCase } from '../case';

export const moreCases: ZulipCase[] = [
  {
    test: 'test_star_event',
    fixture: 'star.json',
    headers: { 'X-GitHub-Event': 'star' },
    expect: [
      {
        topic: 'Hello-World',
        content:
          '[Codertocat](https://github.com/Codertocat) starred the repository [Codertocat/Hello-World](https://github.com/Codertocat/Hello-World).',
      },
    ],
  },
  {
    test: 'test_create_msg',
    fixture: 'create.json',
    headers: { 'X-GitHub-Event': 'create' },
    expect: [{ topic: 'public-repo', content: 'baxterthehacker created tag 0.0.1.' }],
  },
  {
    test: 'test_delete_msg',
    fixture: 'delete.json',
    headers: { 'X-GitHub-Event': 'delete' },
    expect: [{ topic: 'public-repo', content: 'baxterthehacker deleted tag simple-tag.' }],
  },
  {
    test: 'test_deployment_msg',
    fixture: 'deployment.json',
    headers: { 'X-GitHub-Event': 'deployment' },
    expect: [{ topic: 'public-repo / Deployment on production', content: 'baxterthehacker created new deployment.' }],
  },
  {
    test: 'test_deployment_status_msg',
    fixture: 'deployment_status.json',
    headers: { 'X-GitHub-Event': 'deployment_status' },
    expect: [{ topic: 'public-repo / Deployment on production', content: 'Deployment changed status to success.' }],
  },
  {
    test: 'test_fork_msg',
    fixture: 'fork.json',
    headers: { 'X-GitHub-Event': 'fork' },
    expect: [
      { topic: 'public-repo', content: 'baxterandthehackers forked [public-repo](https://github.com/baxterandthehackers/public-repo).' },
    ],
  },
  {
    test: 'test_membership_msg',
    fixture: 'membership.json',
    headers: { 'X-GitHub-Event': 'membership' },
    expect: [
      {
        topic: 'baxterandthehackers organization',
        content: 'baxterthehacker added [kdaigle](https://github.com/kdaigle) to the Contractors team.',
      },
    ],
  },
  {
    test: 'test_membership_removal_msg',
    fixture: 'membership__removal.json',
    headers: { 'X-GitHub-Event': 'membership' },
    expect: [
      {
        topic: 'baxterandthehackers organization',
        content: 'baxterthehacker removed [kdaigle](https://github.com/kdaigle) from the Contractors team.',
      },
    ],
  },
  {
    test: 'test_member_msg',
    fixture: 'member.json',
    headers: { 'X-GitHub-Event': 'member' },
    expect: [
      {
        topic: 'public-repo',
        content:
          'baxterthehacker added [octocat](https://github.com/octocat) to [public-repo](https://github.com/baxterthehacker/public-repo).',
      },
    ],
  },
  {
    test: 'test_public_msg',
    fixture: 'public.json',
    headers: { 'X-GitHub-Event': 'public' },
    expect: [
      {
        topic: 'public-repo',
        content:
          'baxterthehacker made the repository [baxterthehacker/public-repo](https://github.com/baxterthehacker/public-repo) public.',
      },
    ],
  },
  {
    test: 'test_wiki_pages_msg',
    fixture: 'gollum__wiki_pages.json',
    headers: { 'X-GitHub-Event': 'gollum' },
    expect: [
      {
        topic: 'public-repo / wiki pages',
        content:
          'jasonrudolph:\n* created [Home](https://github.com/baxterthehacker/public-repo/wiki/Home)\n* created [Home](https://github.com/baxterthehacker/public-repo/wiki/Home)',
      },
    ],
  },
  {
    test: 'test_watch_msg',
    fixture: 'watch__repository.json',
    headers: { 'X-GitHub-Event': 'watch' },
    expect: [
      {
        topic: 'public-repo',
        content: 'baxterthehacker starred the repository [baxterthehacker/public-repo](https://github.com/baxterthehacker/public-repo).',
      },
    ],
  },
  {
    test: 'test_repository_msg',
    fixture: 'repository.json',
    headers: { 'X-GitHub-Event': 'repository' },
    expect: [
      {
        topic: 'public-repo',
        content:
          'baxterthehacker created the repository [baxterandthehackers/public-repo](https://github.com/baxterandthehackers/public-repo).',
      },
    ],
  },
  {
    test: 'test_private_repository_msg',
    fixture: 'repository.json',
    headers: { 'X-GitHub-Event': 'repository' },
    expect: [
      {
        topic: 'public-repo',
        content:
          'baxterthehacker created the repository [baxterandthehackers/public-repo](https://github.com/baxterandthehackers/public-repo).',
      },
    ],
  },
  {
    test: 'test_private_repository_skipped_msg',
    fixture: 'repository_private.json',
    query: { ignore_private_repositories: 'true' },
    headers: { 'X-GitHub-Event': 'repository_private' },
    expect: [],
  },
  {
    test: 'test_team_add_msg',
    fixture: 'team_add.json',
    headers: { 'X-GitHub-Event': 'team_add' },
    expect: [
      {
        topic: 'public-repo',
        content:
          'The repository [baxterandthehackers/public-repo](https://github.com/baxterandthehackers/public-repo) was added to team github.',
      },
    ],
  },
  {
    test: 'test_release_msg',
    fixture: 'release.json',
    headers: { 'X-GitHub-Event': 'release' },
    expect: [
      {
        topic: 'public-repo',
        content:
          'baxterthehacker published release [0.0.1](https://github.com/baxterthehacker/public-repo/releases/tag/0.0.1) for tag 0.0.1.',
      },
    ],
  },
  {
    test: 'test_release_msg_with_name',
    fixture: 'release__with_name.json',
    headers: { 'X-GitHub-Event': 'release' },
    expect: [
      {
        topic: 'public-repo',
        content:
          'baxterthehacker published release [0.0.1](https://github.com/baxterthehacker/public-repo/releases/tag/0.0.1) for tag 0.0.1.',
      },
    ],
  },
  {
    test: 'test_page_build_msg',
    fixture: 'page_build.json',
    headers: { 'X-GitHub-Event': 'page_build' },
    expect: [{ topic: 'public-repo', content: 'GitHub Pages build, triggered by baxterthehacker, has finished building.' }],
  },
  {
    test: 'test_page_build_errored_msg',
    fixture: 'page_build__errored.json',
    headers: { 'X-GitHub-Event': 'page_build' },
    expect: [
      {
        topic: 'public-repo',
        content: 'GitHub Pages build, triggered by baxterthehacker, has failed: \n~~~ quote\nSomething went wrong.\n~~~.',
      },
    ],
  },
  {
    test: 'test_status_msg',
    fixture: 'status.json',
    headers: { 'X-GitHub-Event': 'status' },
    expect: [
      {
        topic: 'public-repo',
        content:
          '[9049f1265b7](https://github.com/baxterthehacker/public-repo/commit/9049f1265b7d61be4a8904a9a27120d2064dab3b) changed its status to success.',
      },
    ],
  },
  {
    test: 'test_status_with_target_url_msg',
    fixture: 'status__with_target_url.json',
    headers: { 'X-GitHub-Event': 'status' },
    expect: [
      {
        topic: 'public-repo',
        content:
          '[9049f1265b7](https://github.com/baxterthehacker/public-repo/commit/9049f1265b7d61be4a8904a9a27120d2064dab3b) changed its status to [success](https://example.com/build/status).',
      },
    ],
  },
  {
    test: 'test_check_run',
    fixture: 'check_run__completed.json',
    headers: { 'X-GitHub-Event': 'check_run' },
    expect: [
      {
        topic: 'hello-world / checks',
        content:
          'Check [randscape](http://github.com/github/hello-world/runs/4) completed (success). ([d6fde92930d](http://github.com/github/hello-world/commit/d6fde92930d4715a2b49857d24b940956b26d2d3))',
      },
    ],
  },
  {
    test: 'test_team_edited_description',
    fixture: 'team__edited_description.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [
      {
        topic: 'team Testing',
        content:
          '**Hypro999** changed the team description to:\n\n~~~ quote\nA temporary team so that I can get some webhook fixtures!\n~~~',
      },
    ],
  },
  {
    test: 'test_team_edited_name',
    fixture: 'team__edited_name.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [{ topic: 'team Testing Team', content: 'Team `Testing` was renamed to `Testing Team`.' }],
  },
  {
    test: 'test_team_edited_privacy',
    fixture: 'team__edited_privacy_secret.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [{ topic: 'team Testing Team', content: 'Team visibility changed to `secret`' }],
  },
  {
    test: 'test_discussion_answered',
    fixture: 'discussion__answered.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #5: Understanding Project Direc...',
        content:
          "Niloth-p marked [comment #11460065](https://github.com/Niloth-p/webhook-tester/discussions/5#discussioncomment-11460065) as the answer:\n\n~~~ quote\nIf you're looking for a detailed explanation of the project structure, I'd recommend checking out our CONTRIBUTING.md file. It includes a breakdown of the different directories and files, as well as some guidelines for contributing to the project.\n~~~",
      },
    ],
  },
  {
    test: 'test_discussion_category_changed',
    fixture: 'discussion__category_changed.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content:
          'Niloth-p changed the category of [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3) from General to Ideas.',
      },
    ],
  },
  {
    test: 'test_discussion_category_changed_with_custom_topic_in_url',
    fixture: 'discussion__category_changed.json',
    query: { topic: 'discussions' },
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'discussions',
        content:
          'Niloth-p changed the category of [discussion #3 Tips for Writing Clear and Concise Commit Messages](https://github.com/Niloth-p/webhook-tester/discussions/3) from General to Ideas.',
      },
    ],
  },
  {
    test: 'test_discussion_created',
    fixture: 'discussion__created.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content:
          "Niloth-p created [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3) in General:\n\n~~~ quote\n### Tips for Writing Clear and Concise Commit Messages\nWriting good commit messages is an art, but it's also an important part of maintaining a clear and understandable project history. What are some tips and tricks you've learned for writing clear and concise commit messages? Do you have any favorite templates or formats?\n~~~",
      },
    ],
  },
  {
    test: 'test_discussion_closed',
    fixture: 'discussion__closed.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Cordelia closed [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3) as resolved.',
      },
    ],
  },
  {
    test: 'test_discussion_deleted',
    fixture: 'discussion__deleted.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [{ topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...', content: 'Niloth-p deleted discussion #3.' }],
  },
  {
    test: 'test_discussion_edited_title',
    fixture: 'discussion__edited_title.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Good Commi...',
        content:
          'Niloth-p edited the title of [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3):\n\n~~~ quote\n### Tips for Writing Good Commit Messages\n~~~',
      },
    ],
  },
  {
    test: 'test_discussion_edited_body',
    fixture: 'discussion__edited_body.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content:
          "Niloth-p edited [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3):\n\n~~~ quote\nWriting good commit messages is an art, but it's also an important part of maintaining a clear and understandable project history. What are some tips and tricks you've learned for writing clear and concise commit messages? Do you have any favorite templates or formats?\r\nAny advice would be greatly appreciated!\n~~~",
      },
    ],
  },
  {
    test: 'test_discussion_labeled',
    fixture: 'discussion__labeled.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Niloth-p added the enhancement label to [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3).',
      },
    ],
  },
  {
    test: 'test_discussion_locked',
    fixture: 'discussion__locked.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Niloth-p locked [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3) as resolved.',
      },
    ],
  },
  {
    test: 'test_discussion_pinned',
    fixture: 'discussion__pinned.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Niloth-p pinned [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3).',
      },
    ],
  },
  {
    test: 'test_discussion_reopened',
    fixture: 'discussion__reopened.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Niloth-p reopened [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3).',
      },
    ],
  },
  {
    test: 'test_discussion_transferred',
    fixture: 'discussion__transferred.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content:
          'Niloth-p transferred discussion #3 from webhook-tester to another-webhook-tester as [discussion #1](https://github.com/Niloth-p/webhook-tester/discussions/3).',
      },
    ],
  },
  {
    test: 'test_discussion_unlabeled',
    fixture: 'discussion__unlabeled.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Niloth-p removed the enhancement label from [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3).',
      },
    ],
  },
  {
    test: 'test_discussion_unlocked',
    fixture: 'discussion__unlocked.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Niloth-p unlocked [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3).',
      },
    ],
  },
  {
    test: 'test_discussion_unpinned',
    fixture: 'discussion__unpinned.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #3: Tips for Writing Clear and ...',
        content: 'Niloth-p unpinned [discussion #3](https://github.com/Niloth-p/webhook-tester/discussions/3).',
      },
    ],
  },
  {
    test: 'test_discussion_unanswered',
    fixture: 'discussion__unanswered.json',
    headers: { 'X-GitHub-Event': 'discussion' },
    expect: [
      {
        topic: 'webhook-tester discussion #5: Understanding Project Direc...',
        content:
          'Cordelia marked [comment #11460059](https://github.com/Niloth-p/webhook-tester/discussions/5#discussioncomment-11460059) as not the answer.',
      },
    ],
  },
  {
    test: 'test_discussion_comment_msg',
    fixture: 'discussion_comment.json',
    headers: { 'X-GitHub-Event': 'discussion_comment' },
    expect: [
      {
        topic: 'testing-gh discussion #20: Lets discuss',
        content:
          'sbansal1999 [commented](https://github.com/sbansal1999/testing-gh/discussions/20#discussioncomment-6332416) on [discussion #20](https://github.com/sbansal1999/testing-gh/discussions/20):\n\n~~~ quote\nsome random comment\n~~~',
      },
    ],
  },
  {
    test: 'test_discussion_comment_msg_with_custom_topic_in_url',
    fixture: 'discussion_comment.json',
    query: { topic: 'notifications' },
    headers: { 'X-GitHub-Event': 'discussion_comment' },
    expect: [
      {
        topic: 'notifications',
        content:
          'sbansal1999 [commented](https://github.com/sbansal1999/testing-gh/discussions/20#discussioncomment-6332416) on [discussion #20 Lets discuss](https://github.com/sbansal1999/testing-gh/discussions/20):\n\n~~~ quote\nsome random comment\n~~~',
      },
    ],
  },
  {
    test: 'test_discussion_comment_edited_msg',
    fixture: 'discussion_comment__edited.json',
    headers: { 'X-GitHub-Event': 'discussion_comment' },
    expect: [
      {
        topic: 'testing-gh discussion #20: Lets discuss',
        content:
          'sbansal1999 edited a [comment](https://github.com/sbansal1999/testing-gh/discussions/20#discussioncomment-6332416) on [discussion #20](https://github.com/sbansal1999/testing-gh/discussions/20):\n\n~~~ quote\nsome random comment edited\n~~~',
      },
    ],
  },
  // verify_post_is_ignored: the test names the event itself and asserts nothing is sent.
  {
    test: 'test_check_run_in_progress_ignore',
    fixture: 'check_run__in_progress.json',
    headers: { 'X-GitHub-Event': 'check_run' },
    expect: [],
  },
  {
    test: 'test_ignored_team_actions',
    fixture: 'team__inline_added_to_repository.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [],
  },
  {
    test: 'test_ignored_team_actions',
    fixture: 'team__inline_created.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [],
  },
  {
    test: 'test_ignored_team_actions',
    fixture: 'team__inline_deleted.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [],
  },
  {
    test: 'test_ignored_team_actions',
    fixture: 'team__inline_removed_from_repository.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [],
  },
  {
    test: 'test_repository_vulnerability_alert_ignore',
    fixture: 'repository_vulnerability_alert.json',
    headers: { 'X-GitHub-Event': 'repository_vulnerability_alert' },
    expect: [],
  },
  {
    test: 'test_ignored_events',
    fixture: 'inline__empty.json',
    headers: { 'X-GitHub-Event': 'check_suite' },
    expect: [],
  },
  {
    test: 'test_ignored_events',
    fixture: 'inline__empty.json',
    headers: { 'X-GitHub-Event': 'label' },
    expect: [],
  },
  {
    test: 'test_ignored_events',
    fixture: 'inline__empty.json',
    headers: { 'X-GitHub-Event': 'meta' },
    expect: [],
  },
  {
    test: 'test_ignored_events',
    fixture: 'inline__empty.json',
    headers: { 'X-GitHub-Event': 'milestone' },
    expect: [],
  },
  {
    test: 'test_ignored_events',
    fixture: 'inline__empty.json',
    headers: { 'X-GitHub-Event': 'organization' },
    expect: [],
  },
  {
    test: 'test_ignored_events',
    fixture: 'inline__empty.json',
    headers: { 'X-GitHub-Event': 'project_card' },
    expect: [],
  },
  {
    test: 'test_ignored_events',
    fixture: 'inline__empty.json',
    headers: { 'X-GitHub-Event': 'repository_vulnerability_alert' },
    expect: [],
  },
  // Zulip also logs the unknown keys as an unsupported event; the message is still sent.
  {
    test: 'test_team_edited_with_unsupported_keys',
    fixture: 'team__inline_edited_unsupported_keys.json',
    headers: { 'X-GitHub-Event': 'team' },
    expect: [{ topic: 'team My Team', content: 'Team has changes to `bogus_key1/bogus_key2` data.' }],
  },
  // GitHubSponsorsHookTests: the same view at /external/githubsponsors.
  {
    test: 'test_cancelled_message',
    fixture: 'cancelled.json',
    path: '/external/githubsponsors',
    headers: { 'X-GitHub-Event': 'cancelled' },
    expect: [{ topic: 'sponsors', content: 'monalisa cancelled their $5 a month subscription.' }],
  },
  {
    test: 'test_created_message',
    fixture: 'created.json',
    path: '/external/githubsponsors',
    headers: { 'X-GitHub-Event': 'created' },
    expect: [{ topic: 'sponsors', content: 'monalisa subscribed for $5 a month.' }],
  },
  {
    test: 'test_pending_cancellation_message',
    fixture: 'pending_cancellation.json',
    path: '/external/githubsponsors',
    headers: { 'X-GitHub-Event': 'pending_cancellation' },
    expect: [{ topic: 'sponsors', content: "monalisa's $5 a month subscription will be cancelled on January 05, 2020." }],
  },
  {
    test: 'test_pending_tier_change_message',
    fixture: 'pending_tier_change.json',
    path: '/external/githubsponsors',
    headers: { 'X-GitHub-Event': 'pending_tier_change' },
    expect: [{ topic: 'sponsors', content: "monalisa's subscription will change from $10 a month to $5 a month on December 30, 2019." }],
  },
  {
    test: 'test_tier_changed_message',
    fixture: 'tier_changed.json',
    path: '/external/githubsponsors',
    headers: { 'X-GitHub-Event': 'tier_changed' },
    expect: [{ topic: 'sponsors', content: 'monalisa changed their subscription from $10 a month to $5 a month.' }],
  },
  {
    test: 'test_edited_message',
    fixture: 'edited.json',
    path: '/external/githubsponsors',
    headers: { 'X-GitHub-Event': 'edited' },
    expect: [{ topic: 'sponsors', content: 'monalisa changed who can see their sponsorship from public to private.' }],
  },
];

/**
 * zerver/webhooks/teamcity/tests.py (see ../NOTICE). test_teamcity_personal posts the personal
 * build, which goes privately to the user who started it (Iago); a private message has no topic.
 * test_non_generic_payload_ignore_pm_notification: the bot posts nothing; the notice Zulip's test
 * reads is Notification Bot's, to the bot's owner (services/webhook/test/teamcity.test.ts).
 */
import type { ZulipCase } from '../case';

const TOPIC = 'Project :: Compile';
const LINKS =
  'See [changes](http://teamcity/viewLog.html?buildTypeId=Project_Compile&buildId=19952&tab=buildChangesDiv) and ' +
  '[build log](http://teamcity/viewLog.html?buildTypeId=Project_Compile&buildId=19952).';
const BUILD = 'Project :: Compile build 5535 - CL 123456';

export const cases: ZulipCase[] = [
  {
    test: 'test_teamcity_success',
    fixture: 'success.json',
    expect: [{ topic: TOPIC, content: `${BUILD} was successful! :thumbs_up: ${LINKS}` }],
  },
  {
    test: 'test_teamcity_success_branch',
    fixture: 'success_branch.json',
    expect: [{ topic: 'Project :: Compile (MyBranch)', content: `${BUILD} was successful! :thumbs_up: ${LINKS}` }],
  },
  {
    test: 'test_teamcity_broken',
    fixture: 'broken.json',
    expect: [{ topic: TOPIC, content: `${BUILD} is broken with status Exit code 1 (new)! :thumbs_down: ${LINKS}` }],
  },
  {
    test: 'test_teamcity_failure',
    fixture: 'failure.json',
    expect: [{ topic: TOPIC, content: `${BUILD} is still broken with status Exit code 1! :thumbs_down: ${LINKS}` }],
  },
  {
    test: 'test_teamcity_fixed',
    fixture: 'fixed.json',
    expect: [{ topic: TOPIC, content: `${BUILD} has been fixed! :thumbs_up: ${LINKS}` }],
  },
  {
    test: 'test_teamcity_personal',
    fixture: 'personal.json',
    expect: [{ topic: '', content: `Your personal build for ${BUILD} is broken with status Exit code 1 (new)! :thumbs_down: ${LINKS}` }],
  },
  { test: 'test_non_generic_payload_ignore_pm_notification', fixture: 'slack_non_generic_payload.json', expect: [] },
];

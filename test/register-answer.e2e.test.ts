/**
 * /register's answer is its declared schema in depth, whatever the client fetches: every part of
 * the initial state (the recorded conversation fetches only a few), in 2.1's shapes and in the
 * newer ones a client asks for (slim_presence, user_settings_object), for a member and an
 * administrator.
 */
import { eventQueueEndpoints } from '@chat/contracts';
import { startStandalone, type Standalone } from '@chat/standalone';
import { ApiClient, testConfig, testLogger } from '@chat/testing';
import { answerProblems } from './recordings/declared-answers';

describe('/register answers as declared', () => {
  let server: Standalone;
  beforeAll(async () => {
    server = await startStandalone({ config: testConfig(), logger: testLogger() });
  });
  afterAll(() => server.stop());

  const variants: Record<string, Record<string, unknown>> = {
    'every part, 2.1 shapes': {},
    'every part, newer shapes': {
      slim_presence: true,
      include_subscribers: true,
      client_gravatar: true,
      client_capabilities: { user_settings_object: true, notification_settings_null: true },
    },
    'user_topic instead of muted_topics': { fetch_event_types: ['muted_topics', 'user_topic'] },
  };

  it.each(Object.keys(variants))('%s', async (variant) => {
    for (const email of ['hamlet@zulip.com', 'iago@zulip.com']) {
      const client = await new ApiClient(server.app).loginAs(email);
      await client.post('/users/me/presence', { status: 'active' });
      const res = await client.post('/register', variants[variant]!);
      expect({ email, problems: answerProblems(eventQueueEndpoints.register, res.status, res.body) }).toEqual({ email, problems: [] });
    }
  });
});

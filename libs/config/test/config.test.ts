import { ConfigError, loadConfig } from '../src';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return '';
}

describe('loadConfig', () => {
  it('starts with the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 9991, shutdownGraceSecs: 25 });
  });

  it('names every bad variable in one message', () => {
    const message = problems({
      PORT: 'eighty',
      REDIS_URL: '127.0.0.1:6379',
      NATS_URL: 'nats://a:4222,b:4222',
      DATABASE_URL: 'mysql://x/y',
      MESSAGE_URL: 'message:9991',
      LOG_LEVEL: 'verbose',
      SHUTDOWN_GRACE_SECS: '0',
      CHAT_ENV: 'production',
    });
    for (const name of [
      'PORT',
      'REDIS_URL',
      'NATS_URL',
      'DATABASE_URL',
      'MESSAGE_URL',
      'LOG_LEVEL',
      'SHUTDOWN_GRACE_SECS',
      'INTERNAL_SECRET',
      'API_KEY_SECRET',
    ]) {
      expect(message).toContain(name);
    }
  });

  it("renders under Zulip's 5 s deadline by default, and refuses a per-user limit that lets one user hold every render thread", () => {
    expect(loadConfig({})).toMatchObject({
      renderDeadlineMs: 5000,
      renderThreads: 3,
      renderQueueMax: 100,
      renderPerUserInFlight: 2,
      renderPerUserWaiting: 20,
    });
    expect(problems({ RENDER_THREADS: '2', RENDER_PER_USER_IN_FLIGHT: '2' })).toContain(
      'RENDER_PER_USER_IN_FLIGHT must be below RENDER_THREADS',
    );
    expect(problems({ RENDER_THREADS: '1', RENDER_PER_USER_IN_FLIGHT: '0' })).toBe('');
    expect(problems({ RENDER_DEADLINE_MS: '0', RENDER_THREADS: '0' })).toMatch(/RENDER_DEADLINE_MS[\s\S]*RENDER_THREADS/);
  });

  it('runs background jobs with a 30 s lock and keeps archived messages 7 days by default, refusing a lock under a second', () => {
    expect(loadConfig({})).toMatchObject({ jobsLockSecs: 30, jobsPollMs: 1000, archiveGraceDays: 7 });
    expect(loadConfig({ ARCHIVED_DATA_VACUUMING_DELAY_DAYS: '30' }).archiveGraceDays).toBe(30);
    expect(problems({ JOBS_LOCK_SECS: '0', JOBS_POLL_MS: '5' })).toMatch(
      /JOBS_LOCK_SECS must be at least 1[\s\S]*JOBS_POLL_MS must be at least 10/,
    );
    expect(problems({ ARCHIVED_DATA_VACUUMING_DELAY_DAYS: 'soon' })).toContain('ARCHIVED_DATA_VACUUMING_DELAY_DAYS must be a whole number');
  });

  it("caps invitations at Zulip's 3,000 a realm a day and lets sign-up confirmations work a day, refusing less than 1", () => {
    expect(loadConfig({})).toMatchObject({ invitesRealmDailyMax: 3000, confirmationLinkValidityDays: 1, invitationLinkValidityDays: 10 });
    expect(loadConfig({ INVITES_DEFAULT_REALM_DAILY_MAX: '100', CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS: '3' })).toMatchObject({
      invitesRealmDailyMax: 100,
      confirmationLinkValidityDays: 3,
    });
    expect(problems({ INVITES_DEFAULT_REALM_DAILY_MAX: '0', CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS: '0' })).toMatch(
      /CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS must be at least 1[\s\S]*INVITES_DEFAULT_REALM_DAILY_MAX must be at least 1/,
    );
    expect(problems({ INVITES_DEFAULT_REALM_DAILY_MAX: 'many' })).toContain('INVITES_DEFAULT_REALM_DAILY_MAX must be a whole number');
  });

  it('accepts what the manifests and the local runner set', () => {
    expect(
      problems({
        NATS_URL: 'nats://nats-0:4222,nats://nats-1:4222',
        REDIS_URL: 'rediss://redis:6380',
        DATABASE_URL: 'postgresql://chat:pw@db:5432/chat',
        EVENT_QUEUE_URL: 'http://127.0.0.1:9996,http://127.0.0.1:9997',
        LOG_LEVEL: 'debug',
      }),
    ).toBe('');
  });
});

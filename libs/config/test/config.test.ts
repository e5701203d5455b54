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
  it('keeps files on local disk unless S3_BUCKET is set, and reads the bucket settings with their defaults', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'chat-files' }).objectStorage).toEqual({
      bucket: 'chat-files',
      endpoint: '',
      region: 'us-east-1',
      accessKeyId: '',
      secretAccessKey: '',
      forcePathStyle: false,
      signedUrlSeconds: 0,
    });
    const minio = loadConfig({
      S3_BUCKET: 'chat-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'chat',
      S3_SECRET_ACCESS_KEY: 'a-secret-never-echoed',
      S3_SIGNED_URL_SECONDS: '60',
    }).objectStorage;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-west-3', forcePathStyle: true, signedUrlSeconds: 60 });
    expect(
      loadConfig({ S3_BUCKET: 'chat-files', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }).objectStorage,
    ).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('refuses bad S3 settings one line each, never echoing the secret', () => {
    const cases: [Record<string, string>, string][] = [
      [
        { S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'us-east-1' },
        'S3_ENDPOINT, S3_REGION given without S3_BUCKET: set S3_BUCKET to store files in a bucket',
      ],
      [{ S3_SECRET_ACCESS_KEY: 'hush-hush' }, 'S3_SECRET_ACCESS_KEY given without S3_BUCKET: set S3_BUCKET to store files in a bucket'],
      [{ S3_BUCKET: 'Chat_Files' }, 'S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -), not "Chat_Files"'],
      [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be http://... or https://..., not "minio:9000"'],
      [{ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT must be http://... or https://..., not "ftp://minio"'],
      [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'chat' }, 'S3_ACCESS_KEY_ID needs S3_SECRET_ACCESS_KEY'],
      [{ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'hush-hush' }, 'S3_SECRET_ACCESS_KEY needs S3_ACCESS_KEY_ID'],
      [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false, not "yes"'],
      [{ S3_BUCKET: 'files', S3_REGION: 'EU West' }, 'S3_REGION must be a region name such as us-east-1, not "EU West"'],
      [
        { S3_BUCKET: 'files', S3_SIGNED_URL_SECONDS: '61' },
        'S3_SIGNED_URL_SECONDS must be at most 60 (0: files are streamed by the server), not 61',
      ],
      [{ S3_BUCKET: 'files', S3_SIGNED_URL_SECONDS: '-1' }, 'S3_SIGNED_URL_SECONDS must be a whole number, not "-1"'],
    ];
    for (const [env, line] of cases) {
      const message = problems(env);
      expect({ env, lines: message.split('\n').slice(1) }).toEqual({ env, lines: [`  - ${line}`] });
      expect(message).not.toContain('hush-hush');
    }
  });
});

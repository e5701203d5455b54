/**
 * Configuration comes from the environment, is validated once at start-up and fails fast with
 * one message naming every bad variable. Services read it through `loadConfig`, never
 * `process.env` directly, so every setting is listed here.
 */
import { isIP } from 'node:net';
import { pushSettings, type PushSettings } from './push';
import { oidcSettings, type OidcSettings } from './oidc';

export type { PushSettings };
export type { OidcSettings } from './oidc';

export type Environment = 'development' | 'production';

export interface Config {
  /** CHAT_ENV. `production` turns off the development endpoints and the seed. */
  env: Environment;
  port: number;
  host: string;
  /** Where the embedded topology keeps its database and secrets. */
  dataDir: string;
  /** Empty: the embedded PGlite database under dataDir. */
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  /** Signs the gateway's identity header and service-to-service calls. */
  internalSecret: string;
  /**
   * INTERNAL_SECRET_PREVIOUS: during a rotation, signatures made with the old secret are still
   * believed, so pods not yet restarted keep working; empty (the default) believes only INTERNAL_SECRET.
   */
  internalSecretPrevious: string;
  /** Encrypts API keys at rest and keys their HMAC look-up. */
  apiKeySecret: string;
  /** host[:port] clients use; realm_uri is built from it. */
  externalHost: string;
  /** Number of bus partitions; events of one realm always go to the same one. */
  busPartitions: number;
  /**
   * How long a bus record handed to a consumer that then died waits before another replica gets
   * it (JetStream ack_wait). Every replica of a group must use the same value.
   */
  busAckWaitSecs: number;
  /** JetStream replicas of the event stream: 3 with a three-server NATS cluster. */
  busStreamReplicas: number;
  /** Names the NATS stream, consumers and Redis key prefix, so test runs never share state. */
  namespace: string;
  logLevel: string;
  /** Idle time after which an event queue is collected (Zulip: 600 s). */
  eventQueueTimeoutSecs: number;
  /** How often each replica collects idle queues (Zulip: every 60 s). */
  eventQueueGcSecs: number;
  /** Fixed heartbeat delay for parked long-polls; null: Zulip's 45 s plus 0-10 s of jitter. */
  heartbeatSecs: number | null;
  /** A queue holding more unacknowledged events than this is collected (BAD_EVENT_QUEUE_ID). */
  queueMaxEvents: number;
  /** REGISTER_CONCURRENCY: /register snapshots one event-queue process reads at once; more wait in line. */
  registerConcurrency: number;
  /** Distributed topology: where the gateway finds each service. */
  serviceUrls: Record<string, string>;
  /**
   * SHUTDOWN_GRACE_SECS: how long a process may take to finish its requests after SIGTERM before
   * it exits anyway. Under the pod's terminationGracePeriodSeconds, or Kubernetes kills it first.
   */
  shutdownGraceSecs: number;
  /** Mobile push through a bouncer (./push.ts). */
  push: PushSettings;
  /**
   * HTTP_HEADERS_TIMEOUT_SECS: a request's headers must arrive within this (slow-header clients get
   * 408 and are cut off). Idle keep-alive connections and parked long-polls are not affected.
   */
  httpHeadersTimeoutSecs: number;
  /**
   * HTTP_BODY_IDLE_TIMEOUT_SECS: a request body that sends no byte for this long is abandoned and
   * its connection closed. A slow body that keeps coming is not: uploads on poor links complete.
   */
  httpBodyIdleTimeoutSecs: number;
  /** HTTP_REQUEST_TIMEOUT_SECS: the whole request (headers and body) must arrive within this. */
  httpRequestTimeoutSecs: number;
  /** UPLOADS_DIR: where uploaded files go (a volume every replica mounts); empty: DATA_DIR/uploads. */
  uploadsDir: string;
  /**
   * S3_*: an S3-compatible bucket every stored file goes to (uploads, custom emoji, avatars,
   * realm icons) instead of the local folder; null (S3_BUCKET unset, the default): UPLOADS_DIR.
   */
  objectStorage: ObjectStorageSettings | null;
  /** AUTH_OIDC_*: the OpenID Connect backend (./oidc.ts); null (AUTH_OIDC_ISSUER unset): none. */
  oidc: OidcSettings | null;
  /** WEB_DIR: the web client's build the gateway serves at `/`; empty: apps/web/dist of this checkout. */
  webDir: string;
  /** MAX_FILE_UPLOAD_SIZE: the largest upload in MB (Zulip's MAX_FILE_UPLOAD_SIZE, 25). */
  maxFileUploadSizeMb: number;
  /**
   * SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS: how long a temporary file URL (GET
   * /user_uploads/<realm_id>/<path> under /api/v1) serves its file, Zulip's setting of that name (60).
   */
  signedAccessTokenValiditySecs: number;
  /**
   * RATE_LIMIT_PER_MINUTE: requests per user in any 60 s (Zulip's RATE_LIMITING_RULES, 200);
   * 0 turns rate limiting off, the per-IP limit of the login endpoints included.
   */
  rateLimitPerMinute: number;
  /**
   * RENDER_DEADLINE_MS: how long one markdown render may run in its worker thread before the
   * worker is terminated and the request answered `Unable to render message` (Zulip's 5 s).
   */
  renderDeadlineMs: number;
  /** RENDER_THREADS: worker threads that render markdown, per process (about 30 MB each). */
  renderThreads: number;
  /** RENDER_QUEUE_MAX: renders waiting for a thread past which new ones are refused with 503. */
  renderQueueMax: number;
  /**
   * RENDER_PER_USER_IN_FLIGHT: renders one user may have running at once. It must stay below
   * RENDER_THREADS, so one user's slow renders never hold every thread (the defaults: two of
   * three); 0 turns the per-user limits off.
   */
  renderPerUserInFlight: number;
  /**
   * RENDER_PER_USER_WAITING: a user's further renders wait for one of theirs to end, up to this
   * many (a bot's burst of webhook posts waits its turn); one more is refused with 429.
   */
  renderPerUserWaiting: number;
  /**
   * EMAIL_BACKEND: how outgoing mail leaves. `smtp` (EMAIL_HOST and friends), `folder` (each mail
   * written as an .eml file into EMAIL_FOLDER, for development), `none` (dropped). Empty: `smtp`
   * when EMAIL_HOST is set, else `folder`.
   */
  emailBackend: EmailBackend;
  /** EMAIL_HOST, EMAIL_PORT (587), EMAIL_HOST_USER, EMAIL_HOST_PASSWORD: Zulip's SMTP settings. */
  emailHost: string;
  emailPort: number;
  emailHostUser: string;
  emailHostPassword: string;
  /** EMAIL_USE_TLS (true): upgrade with STARTTLS, and refuse a server that cannot. */
  emailUseTls: boolean;
  /** EMAIL_USE_SSL (false): TLS from the first byte (port 465); excludes EMAIL_USE_TLS. */
  emailUseSsl: boolean;
  /** EMAIL_FOLDER: where the folder backend writes; empty: DATA_DIR/mail. */
  emailFolder: string;
  /** NOREPLY_EMAIL_ADDRESS: the sender of automated mail; empty: noreply@ the external host's name. */
  noreplyEmailAddress: string;
  /**
   * OUTGOING_WEBHOOK_ALLOW_PRIVATE (false): whether outgoing-webhook bots may call loopback,
   * private, link-local and other non-public addresses. Off, a bot's owner cannot use the server
   * to reach the cluster's own services; on only where every bot owner is trusted (development).
   */
  outgoingWebhookAllowPrivate: boolean;
  /**
   * OUTGOING_WEBHOOK_ALLOWED_NETWORKS: comma-separated addresses or CIDR blocks (10.1.2.0/24,
   * fd00::/64) that outgoing webhooks may call although they are not public: an intranet's bot host.
   */
  outgoingWebhookAllowedNetworks: string[];
  /** OUTGOING_WEBHOOK_TIMEOUT_SECS (10, Zulip's): one call's deadline, connection to last byte. */
  outgoingWebhookTimeoutSecs: number;
  /**
   * OUTGOING_WEBHOOK_RETRY_BACKOFF_MS (10000): the wait before retrying an endpoint that did not
   * answer or answered 5xx, doubled before each further try (three retries, Zulip's count).
   */
  outgoingWebhookRetryBackoffMs: number;
  /**
   * MISSED_MESSAGE_EMAIL_DELAY_SECS (120, Zulip's batch): how long a private message or mention may
   * stay unread before it is e-mailed; messages arriving meanwhile join the same mail.
   */
  missedMessageEmailDelaySecs: number;
  /** INVITATION_LINK_VALIDITY_DAYS: how long an invitation link works after it is (re)sent (Zulip: 10). */
  invitationLinkValidityDays: number;
  /**
   * CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS: how long the link mailed by a reusable invitation's
   * sign-up form works (Zulip's setting of that name, 1 day).
   */
  confirmationLinkValidityDays: number;
  /**
   * INVITES_DEFAULT_REALM_DAILY_MAX: invitation e-mails a realm may send in any 24 hours (Zulip's
   * setting of that name and its 3,000), so an account cannot use the server to send spam.
   */
  invitesRealmDailyMax: number;
  /**
   * JOBS_LOCK_SECS: how long a background job's worker holds it without renewing; a job whose
   * worker died runs again this long after (BullMQ's lock duration, the database adapter's lease).
   */
  jobsLockSecs: number;
  /** JOBS_POLL_MS: how often the embedded topology's job runner looks for due jobs. */
  jobsPollMs: number;
  /**
   * ARCHIVED_DATA_VACUUMING_DELAY_DAYS: how long messages archived by a realm's retention policy
   * are kept before they are deleted for good (Zulip's setting of that name, 7 days).
   */
  archiveGraceDays: number;
  /**
   * WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY: the server's VAPID key pair (RFC 8292;
   * P-256, base64url, as `web-push generate-vapid-keys` prints them) that signs every Web Push.
   * Both empty: Web Push is off (the embedded server generates a pair at its first start and keeps
   * it in DATA_DIR/secrets.json). Secret: never logged.
   */
  webPushVapidPublicKey: string;
  webPushVapidPrivateKey: string;
  /** WEB_PUSH_VAPID_SUBJECT: how push services reach the operator (`mailto:` or `https:`); empty: the server's URL. */
  webPushVapidSubject: string;
  /**
   * WEB_PUSH_CA_FILE: a PEM file of certificate authorities trusted for push services besides the
   * system's (a private push service; the tests' local one). Empty: the system's only.
   */
  webPushCaFile: string;
}

/** Where and how the S3-compatible bucket is reached (docs/operations.md, "Object storage"). */
export interface ObjectStorageSettings {
  /** S3_BUCKET. */
  bucket: string;
  /** S3_ENDPOINT: an http(s) URL (MinIO, Ceph's RGW...); empty: AWS's endpoint for the region. */
  endpoint: string;
  /** S3_REGION (us-east-1): the region requests are signed for. */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; both empty: the SDK's own chain (instance role, AWS_* variables). */
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Ceph); true when S3_ENDPOINT is set. */
  forcePathStyle: boolean;
  /**
   * S3_SIGNED_URL_SECONDS (0, off; at most 60): once the server has checked access, it answers a
   * redirect to a presigned URL valid this long instead of streaming the file itself.
   */
  signedUrlSeconds: number;
}

/** The longest a presigned URL may live: as long as the server's own temporary URLs (Zulip's 60 s). */
export const MAX_SIGNED_URL_SECONDS = 60;

export type EmailBackend = 'smtp' | 'folder' | 'none';
const EMAIL_BACKENDS: readonly EmailBackend[] = ['smtp', 'folder', 'none'];

// Which services exist is part of the contracts (each endpoint names its owner).
import { SERVICE_NAMES, type ServiceName } from '@chat/contracts';

export { SERVICE_NAMES, type ServiceName };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const mode = env.CHAT_ENV ?? 'development';
  if (mode !== 'development' && mode !== 'production') {
    problems.push(`CHAT_ENV must be "development" or "production", not "${mode}"`);
  }
  const production = mode === 'production';
  const port = intVar(env, 'PORT', 9991, problems);
  const config: Config = {
    env: production ? 'production' : 'development',
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL ?? '',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    internalSecret: env.INTERNAL_SECRET ?? '',
    internalSecretPrevious: env.INTERNAL_SECRET_PREVIOUS ?? '',
    apiKeySecret: env.API_KEY_SECRET ?? '',
    externalHost: env.EXTERNAL_HOST ?? `127.0.0.1:${port}`,
    busPartitions: intVar(env, 'BUS_PARTITIONS', 8, problems),
    busAckWaitSecs: intVar(env, 'BUS_ACK_WAIT_SECS', 30, problems),
    busStreamReplicas: intVar(env, 'BUS_STREAM_REPLICAS', 1, problems),
    namespace: env.CHAT_NAMESPACE ?? 'chat',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    eventQueueTimeoutSecs: intVar(env, 'EVENT_QUEUE_TIMEOUT_SECS', 600, problems),
    eventQueueGcSecs: intVar(env, 'EVENT_QUEUE_GC_SECS', 60, problems),
    heartbeatSecs: env.EVENT_HEARTBEAT_SECS ? intVar(env, 'EVENT_HEARTBEAT_SECS', 45, problems) : null,
    queueMaxEvents: intVar(env, 'EVENT_QUEUE_MAX_EVENTS', 10000, problems),
    registerConcurrency: intVar(env, 'REGISTER_CONCURRENCY', 4, problems),
    serviceUrls: serviceUrls(env),
    shutdownGraceSecs: intVar(env, 'SHUTDOWN_GRACE_SECS', 25, problems),
    push: pushSettings(env, problems, boolVar, intVar),
    httpHeadersTimeoutSecs: intVar(env, 'HTTP_HEADERS_TIMEOUT_SECS', 20, problems),
    httpBodyIdleTimeoutSecs: intVar(env, 'HTTP_BODY_IDLE_TIMEOUT_SECS', 30, problems),
    // 15 minutes: a 25 MB upload needs 28 KB/s on average; stalls are the idle deadline's job.
    httpRequestTimeoutSecs: intVar(env, 'HTTP_REQUEST_TIMEOUT_SECS', 900, problems),
    uploadsDir: env.UPLOADS_DIR ?? '',
    objectStorage: objectStorageSettings(env, problems),
    oidc: oidcSettings(env, production, problems),
    webDir: env.WEB_DIR ?? '',
    maxFileUploadSizeMb: intVar(env, 'MAX_FILE_UPLOAD_SIZE', 25, problems),
    signedAccessTokenValiditySecs: intVar(env, 'SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS', 60, problems),
    rateLimitPerMinute: intVar(env, 'RATE_LIMIT_PER_MINUTE', 200, problems),
    renderDeadlineMs: intVar(env, 'RENDER_DEADLINE_MS', 5000, problems),
    renderThreads: intVar(env, 'RENDER_THREADS', 3, problems),
    renderQueueMax: intVar(env, 'RENDER_QUEUE_MAX', 100, problems),
    renderPerUserInFlight: intVar(env, 'RENDER_PER_USER_IN_FLIGHT', 2, problems),
    renderPerUserWaiting: intVar(env, 'RENDER_PER_USER_WAITING', 20, problems),
    ...emailSettings(env, problems),
    ...backgroundWorkSettings(env, problems),
    invitationLinkValidityDays: intVar(env, 'INVITATION_LINK_VALIDITY_DAYS', 10, problems),
    confirmationLinkValidityDays: intVar(env, 'CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS', 1, problems),
    invitesRealmDailyMax: intVar(env, 'INVITES_DEFAULT_REALM_DAILY_MAX', 3000, problems),
    jobsLockSecs: intVar(env, 'JOBS_LOCK_SECS', 30, problems),
    jobsPollMs: intVar(env, 'JOBS_POLL_MS', 1000, problems),
    archiveGraceDays: intVar(env, 'ARCHIVED_DATA_VACUUMING_DELAY_DAYS', 7, problems),
    ...webPushSettings(env, problems),
    ...overrides,
  };
  if (production) {
    for (const name of ['INTERNAL_SECRET', 'API_KEY_SECRET'] as const) {
      const value = name === 'INTERNAL_SECRET' ? config.internalSecret : config.apiKeySecret;
      if (value.length < 32) problems.push(`${name} must be set to at least 32 characters in production`);
    }
    if (config.internalSecretPrevious !== '' && config.internalSecretPrevious.length < 32) {
      problems.push('INTERNAL_SECRET_PREVIOUS must be empty or at least 32 characters in production');
    }
  }
  if (!/^[a-z][a-z0-9_]*$/.test(config.namespace)) {
    problems.push('CHAT_NAMESPACE must be lower-case letters, digits and _');
  }
  if (config.busPartitions < 1 || config.busPartitions > 256) problems.push('BUS_PARTITIONS must be 1..256');
  checkUrls(env, problems);
  if (!LOG_LEVELS.includes(config.logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${config.logLevel}"`);
  if (config.shutdownGraceSecs < 1) problems.push('SHUTDOWN_GRACE_SECS must be at least 1');
  for (const [name, secs] of [
    ['HTTP_HEADERS_TIMEOUT_SECS', config.httpHeadersTimeoutSecs],
    ['HTTP_BODY_IDLE_TIMEOUT_SECS', config.httpBodyIdleTimeoutSecs],
    ['HTTP_REQUEST_TIMEOUT_SECS', config.httpRequestTimeoutSecs],
  ] as const) {
    if (secs < 1) problems.push(`${name} must be at least 1`);
  }
  if (config.httpHeadersTimeoutSecs > config.httpRequestTimeoutSecs)
    problems.push('HTTP_HEADERS_TIMEOUT_SECS must not exceed HTTP_REQUEST_TIMEOUT_SECS');
  if (config.invitationLinkValidityDays < 1) problems.push('INVITATION_LINK_VALIDITY_DAYS must be at least 1');
  if (config.confirmationLinkValidityDays < 1) problems.push('CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS must be at least 1');
  if (config.invitesRealmDailyMax < 1) problems.push('INVITES_DEFAULT_REALM_DAILY_MAX must be at least 1');
  if (config.jobsLockSecs < 1) problems.push('JOBS_LOCK_SECS must be at least 1');
  if (config.jobsPollMs < 10) problems.push('JOBS_POLL_MS must be at least 10');
  if (config.registerConcurrency < 1) problems.push('REGISTER_CONCURRENCY must be at least 1');
  if (config.renderDeadlineMs < 1) problems.push('RENDER_DEADLINE_MS must be at least 1');
  if (config.renderThreads < 1) problems.push('RENDER_THREADS must be at least 1');
  if (config.renderPerUserInFlight >= config.renderThreads) {
    problems.push('RENDER_PER_USER_IN_FLIGHT must be below RENDER_THREADS (or 0, no limit): one user could hold every render thread');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return config;
}

function emailSettings(env: Env, problems: string[]) {
  const emailHost = env.EMAIL_HOST ?? '';
  const backend = env.EMAIL_BACKEND || (emailHost ? 'smtp' : 'folder');
  if (!(EMAIL_BACKENDS as readonly string[]).includes(backend)) {
    problems.push(`EMAIL_BACKEND must be one of ${EMAIL_BACKENDS.join(', ')}, not "${backend}"`);
  }
  if (backend === 'smtp' && !emailHost) problems.push('EMAIL_BACKEND=smtp needs EMAIL_HOST');
  const emailPort = intVar(env, 'EMAIL_PORT', 587, problems);
  if (emailPort < 1 || emailPort > 65535) problems.push('EMAIL_PORT must be 1..65535');
  const emailUseTls = boolVar(env, 'EMAIL_USE_TLS', true, problems);
  const emailUseSsl = boolVar(env, 'EMAIL_USE_SSL', false, problems);
  if (emailUseTls && emailUseSsl) problems.push('EMAIL_USE_TLS and EMAIL_USE_SSL exclude each other: set one to false');
  const noreply = env.NOREPLY_EMAIL_ADDRESS ?? '';
  if (noreply && !/^[^\s@]+@[^\s@]+$/.test(noreply)) problems.push(`NOREPLY_EMAIL_ADDRESS must be an e-mail address, not "${noreply}"`);
  return {
    emailBackend: backend as EmailBackend,
    emailHost,
    emailPort,
    emailHostUser: env.EMAIL_HOST_USER ?? '',
    emailHostPassword: env.EMAIL_HOST_PASSWORD ?? '',
    emailUseTls,
    emailUseSsl,
    emailFolder: env.EMAIL_FOLDER ?? '',
    noreplyEmailAddress: noreply,
  };
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_SIGNED_URL_SECONDS',
];

/** The S3_* settings, or null when S3_BUCKET is unset (and then no other S3_* may be). */
function objectStorageSettings(env: Env, problems: string[]): ObjectStorageSettings | null {
  const bucket = env.S3_BUCKET ?? '';
  if (bucket === '') {
    const given = S3_VARIABLES.filter((name) => (env[name] ?? '') !== '');
    if (given.length > 0) problems.push(`${given.join(', ')} given without S3_BUCKET: set S3_BUCKET to store files in a bucket`);
    return null;
  }
  // S3's rule for bucket names (3-63 lower-case letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push(`S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -), not "${bucket}"`);
  const endpoint = env.S3_ENDPOINT ?? '';
  if (endpoint !== '' && !isHttpUrl(endpoint)) problems.push(`S3_ENDPOINT must be http://... or https://..., not "${endpoint}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  // The secret is never echoed, here or anywhere else.
  if (accessKeyId !== '' && secretAccessKey === '') problems.push('S3_ACCESS_KEY_ID needs S3_SECRET_ACCESS_KEY');
  if (accessKeyId === '' && secretAccessKey !== '') problems.push('S3_SECRET_ACCESS_KEY needs S3_ACCESS_KEY_ID');
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) problems.push(`S3_REGION must be a region name such as us-east-1, not "${region}"`);
  const signedUrlSeconds = intVar(env, 'S3_SIGNED_URL_SECONDS', 0, problems);
  if (signedUrlSeconds > MAX_SIGNED_URL_SECONDS) {
    problems.push(
      `S3_SIGNED_URL_SECONDS must be at most ${MAX_SIGNED_URL_SECONDS} (0: files are streamed by the server), not ${signedUrlSeconds}`,
    );
  }
  return {
    bucket,
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: boolVar(env, 'S3_FORCE_PATH_STYLE', endpoint !== '', problems),
    signedUrlSeconds,
  };
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function backgroundWorkSettings(env: Env, problems: string[]) {
  const networks = (env.OUTGOING_WEBHOOK_ALLOWED_NETWORKS ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const network of networks) {
    const [address = '', bits, ...rest] = network.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const badBits = bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || badBits || rest.length > 0)
      problems.push(`OUTGOING_WEBHOOK_ALLOWED_NETWORKS: "${network}" is not an address or CIDR block`);
  }
  const timeout = intVar(env, 'OUTGOING_WEBHOOK_TIMEOUT_SECS', 10, problems);
  if (timeout < 1) problems.push('OUTGOING_WEBHOOK_TIMEOUT_SECS must be at least 1');
  const delay = intVar(env, 'MISSED_MESSAGE_EMAIL_DELAY_SECS', 120, problems);
  if (delay < 0) problems.push('MISSED_MESSAGE_EMAIL_DELAY_SECS must not be negative');
  return {
    outgoingWebhookAllowPrivate: boolVar(env, 'OUTGOING_WEBHOOK_ALLOW_PRIVATE', false, problems),
    outgoingWebhookAllowedNetworks: networks,
    outgoingWebhookTimeoutSecs: timeout,
    outgoingWebhookRetryBackoffMs: intVar(env, 'OUTGOING_WEBHOOK_RETRY_BACKOFF_MS', 10_000, problems),
    missedMessageEmailDelaySecs: delay,
  };
}

/** A base64url value of exactly `bytes` bytes (VAPID keys), first byte `lead` when given. */
function isBase64UrlOf(raw: string, bytes: number, lead?: number): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return false;
  const decoded = Buffer.from(raw, 'base64url');
  return decoded.length === bytes && (lead === undefined || decoded[0] === lead);
}

function webPushSettings(env: Env, problems: string[]) {
  const publicKey = env.WEB_PUSH_VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.WEB_PUSH_VAPID_PRIVATE_KEY ?? '';
  const subject = env.WEB_PUSH_VAPID_SUBJECT ?? '';
  if ((publicKey === '') !== (privateKey === '')) {
    problems.push('WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY go together: set both, or neither (Web Push off)');
  }
  // An uncompressed P-256 point (0x04, x, y) and a 32-byte scalar; the private key is never echoed.
  if (publicKey !== '' && !isBase64UrlOf(publicKey, 65, 4))
    problems.push('WEB_PUSH_VAPID_PUBLIC_KEY must be a P-256 public key in base64url (65 bytes, uncompressed)');
  if (privateKey !== '' && !isBase64UrlOf(privateKey, 32))
    problems.push('WEB_PUSH_VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)');
  if (subject !== '' && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject))
    problems.push(`WEB_PUSH_VAPID_SUBJECT must be a mailto: address or an https:// URL, not "${subject}"`);
  return {
    webPushVapidPublicKey: publicKey,
    webPushVapidPrivateKey: privateKey,
    webPushVapidSubject: subject,
    webPushCaFile: env.WEB_PUSH_CA_FILE ?? '',
  };
}

/** Zulip's settings spell booleans as Python does; both spellings and 1/0 are accepted. */
function boolVar(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const lowered = raw.toLowerCase();
  if (lowered === 'true' || lowered === '1') return true;
  if (lowered === 'false' || lowered === '0') return false;
  problems.push(`${name} must be true or false, not "${raw}"`);
  return fallback;
}

function intVar(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    problems.push(`${name} must be a whole number, not "${raw}"`);
    return fallback;
  }
  return Number(raw);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * URLs are checked for their scheme at start, so a typo (a missing `redis://`, a pasted host)
 * names its variable instead of surfacing later as a connection error deep in a client library.
 * Lists (NATS servers, service replicas) are comma-separated.
 */
const URL_SCHEMES: Record<string, string[]> = {
  DATABASE_URL: ['postgres:', 'postgresql:'],
  NATS_URL: ['nats:', 'tls:', 'ws:', 'wss:'],
  REDIS_URL: ['redis:', 'rediss:'],
  ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase().replace('-', '_')}_URL`, ['http:', 'https:']])),
};

function checkUrls(env: Env, problems: string[]): void {
  for (const [name, schemes] of Object.entries(URL_SCHEMES)) {
    const raw = env[name];
    if (!raw) continue;
    for (const item of raw.split(',').map((part) => part.trim())) {
      let protocol = '';
      try {
        protocol = new URL(item).protocol;
      } catch {
        // reported below
      }
      if (!schemes.includes(protocol)) {
        problems.push(
          `${name} must be ${schemes.map((s) => `${s}//...`).join(' or ')}${raw.includes(',') ? ' (comma-separated)' : ''}, not "${item}"`,
        );
        break;
      }
    }
  }
}

function serviceUrls(env: Env): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const name of SERVICE_NAMES) {
    const key = `${name.toUpperCase().replace('-', '_')}_URL`;
    const value = env[key];
    if (value) urls[name] = value;
  }
  return urls;
}

/** The internal secrets a service believes: the current one, and the previous one during a rotation. */
export function acceptedInternalSecrets(config: Pick<Config, 'internalSecret' | 'internalSecretPrevious'>): string[] {
  return config.internalSecretPrevious ? [config.internalSecret, config.internalSecretPrevious] : [config.internalSecret];
}

/**
 * The Zulip API feature level this server serves (docs/api-compatibility.md lists each level up
 * to it): clients pick request forms and expect answer shapes by it. The mobile app refuses a
 * server below 277 and shows a "server too old" banner below 371 (Zulip 10.0's level).
 */
export const ZULIP_FEATURE_LEVEL = 371;

/** The Zulip release of that feature level; Zulip's clients read it as zulip_version. */
export const ZULIP_VERSION = '10.0';

/** A release's merge base is the release itself (Zulip reports where a fork left its tree). */
export const ZULIP_MERGE_BASE = ZULIP_VERSION;

/** The version keys /server_settings and every /register carry. */
export const ZULIP_VERSION_KEYS = {
  zulip_version: ZULIP_VERSION,
  zulip_feature_level: ZULIP_FEATURE_LEVEL,
  zulip_merge_base: ZULIP_MERGE_BASE,
} as const;

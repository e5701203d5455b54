/**
 * Mobile push notifications through a push-notification bouncer (Zulip's self-hosted servers'
 * way: the bouncer holds the app's APNs and FCM credentials). Its credentials are secrets: they
 * come from the environment, or, on a server that generated them (`manage register-push-server`),
 * from DATA_DIR/secrets.json (@chat/runtime's withPushCredentials); they are never logged.
 */
export interface PushSettings {
  /** PUSH_NOTIFICATION_BOUNCER_URL: the bouncer's base URL; empty: no mobile push. */
  bouncerUrl: string;
  /** PUSH_NOTIFICATION_REDACT_CONTENT: notifications say "New message" instead of the content. */
  redactContent: boolean;
  /** ZULIP_ORG_ID: this server's id with the bouncer (a UUID). */
  orgId: string;
  /** ZULIP_ORG_KEY: this server's key with the bouncer (64 characters). */
  orgKey: string;
  /**
   * PUSH_NOTIFICATION_BOUNCER_ALLOW_PRIVATE: the bouncer may be at a private address (one run on
   * the operator's own network); otherwise the outbound guard refuses it as any call to a private address.
   */
  allowPrivate: boolean;
  /** PUSH_NOTIFICATION_RETRY_MS: the wait before the one repeat of a push whose outcome is unknown. */
  retryMs: number;
}

type Env = Record<string, string | undefined>;
type BoolVar = (env: Env, name: string, fallback: boolean, problems: string[]) => boolean;
type IntVar = (env: Env, name: string, fallback: number, problems: string[]) => number;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function pushSettings(env: Env, problems: string[], boolVar: BoolVar, intVar: IntVar): PushSettings {
  const bouncerUrl = (env.PUSH_NOTIFICATION_BOUNCER_URL ?? '').trim();
  if (bouncerUrl !== '') {
    let protocol = '';
    try {
      protocol = new URL(bouncerUrl).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'https:' && protocol !== 'http:')
      problems.push(`PUSH_NOTIFICATION_BOUNCER_URL must be https://... (or http://...), not "${bouncerUrl}"`);
  }
  const orgId = env.ZULIP_ORG_ID ?? '';
  const orgKey = env.ZULIP_ORG_KEY ?? '';
  if (orgId !== '' && !UUID.test(orgId)) problems.push('ZULIP_ORG_ID must be a UUID');
  // The key's value is a secret: its length is named, never the value.
  if (orgKey !== '' && orgKey.length !== 64) problems.push('ZULIP_ORG_KEY must be 64 characters');
  if ((orgId === '') !== (orgKey === '')) problems.push('ZULIP_ORG_ID and ZULIP_ORG_KEY are set together');
  return {
    bouncerUrl,
    redactContent: boolVar(env, 'PUSH_NOTIFICATION_REDACT_CONTENT', false, problems),
    orgId,
    orgKey,
    allowPrivate: boolVar(env, 'PUSH_NOTIFICATION_BOUNCER_ALLOW_PRIVATE', false, problems),
    retryMs: intVar(env, 'PUSH_NOTIFICATION_RETRY_MS', 30_000, problems),
  };
}

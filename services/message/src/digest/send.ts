/**
 * The digest job: the person and their realm read afresh (still active, digests still on, for
 * them and the realm), the content gathered with their access as it is now, and the mail sent with
 * its one-click unsubscribe link; then the time is recorded, so the next digest starts there.
 */
import { getRealm, type Executor, type UserRow } from '@chat/db';
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl, type Mailer } from '@chat/mail';
import type { Logger } from '@chat/log';
import { REALM_PROPERTY_DEFAULTS } from '@chat/views';
import { realmUrl } from '../notices/narrow-url';
import { composeDigestMail } from './compose';
import { digestContent, worthSending } from './content';
import type { DigestPayload } from './kinds';

/** A digest covers at most this much (and less when the last one was more recent). */
export const DIGEST_PERIOD_DAYS = 7;

export interface DigestDeps {
  db: Executor;
  logger: Logger;
  mailer: Mailer;
  externalHost: string;
  /** Signs the unsubscribe link (INTERNAL_SECRET). */
  secret: string;
}

async function digestsOn(db: Executor, user: UserRow): Promise<boolean> {
  if (!user.is_active || user.is_bot || user.settings?.enable_digest_emails === false) return false;
  const realm = await getRealm(db, user.realm_id);
  if (!realm || realm.deactivated) return false;
  const settings = (realm.settings ?? {}) as Record<string, unknown>;
  const enabled = 'digest_emails_enabled' in settings ? settings.digest_emails_enabled : REALM_PROPERTY_DEFAULTS.digest_emails_enabled;
  return enabled === true;
}

export async function mailDigest(deps: DigestDeps, payload: DigestPayload, now = new Date()): Promise<'sent' | 'skipped'> {
  const { db } = deps;
  const user = await db<UserRow>('users').where({ realm_id: payload.realmId, id: payload.userId }).first();
  if (!user || !(await digestsOn(db, user))) return 'skipped';
  const last: { sent_at: Date } | undefined = await db('digest_emails_sent').where({ user_id: user.id }).first('sent_at');
  const periodStart = new Date(now.getTime() - DIGEST_PERIOD_DAYS * 24 * 60 * 60 * 1000);
  const since = last && last.sent_at > periodStart ? last.sent_at : periodStart;
  const content = await digestContent(db, user, since);
  if (!worthSending(content)) return 'skipped';
  const realm = await getRealm(db, user.realm_id);
  const url = await realmUrl(db, deps.externalHost, user.realm_id);
  const link = unsubscribeUrl(url, 'digest', unsubscribeToken(deps.secret, 'digest', user.id));
  const mail = composeDigestMail(content, { realmName: realm?.name ?? '', realmUrl: url, unsubscribeUrl: link });
  await deps.mailer.send({ to: user.delivery_email, ...mail, headers: unsubscribeHeaders(link) });
  await db('digest_emails_sent').insert({ user_id: user.id, sent_at: now }).onConflict('user_id').merge({ sent_at: now });
  return 'sent';
}

/**
 * `manage register-push-server` (Zulip's manage.py register_server): registers this server with
 * the push-notification bouncer at PUSH_NOTIFICATION_BOUNCER_URL, under its id and key
 * (ZULIP_ORG_ID and ZULIP_ORG_KEY; generated here and kept in DATA_DIR/secrets.json when the
 * environment has none), its host name and a contact address. The operator must be entitled to
 * use that bouncer under its terms; the verb asks them to say so (--agree-to-terms-of-service).
 * `--rotate-key` gives the server a new key. The key is never printed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { bouncerTarget, callBouncer } from '@chat/outbound';
import { storePushCredentials } from '@chat/runtime';
import type { SettingsContext } from '../deps';
import { fail, required, type Verb } from './command';

const ORG_KEY_BYTES = 32;

async function recordRegistration(ctx: SettingsContext, bouncerUrl: string, orgId: string): Promise<void> {
  await ctx.db
    .knex('push_bouncer_registrations')
    .insert({ bouncer_url: bouncerUrl, org_id: orgId, registered_at: ctx.db.knex.fn.now() })
    .onConflict('bouncer_url')
    .merge(['org_id', 'registered_at']);
}

export const pushVerbs: Verb[] = [
  {
    name: 'register-push-server',
    usage: '--contact-email EMAIL --agree-to-terms-of-service [--rotate-key]',
    options: { 'contact-email': { type: 'string' }, 'agree-to-terms-of-service': { type: 'boolean' }, 'rotate-key': { type: 'boolean' } },
    async run(ctx, args, io) {
      const push = ctx.config.push;
      if (push.bouncerUrl === '') fail('PUSH_NOTIFICATION_BOUNCER_URL is not set: name the push notification service to register with.');
      const contactEmail = required(args, 'contact-email');
      if (args.values['agree-to-terms-of-service'] !== true) {
        fail(
          `Registering means using the service at ${push.bouncerUrl} under its terms of service; read them, then run again with --agree-to-terms-of-service.`,
        );
      }
      const generated = push.orgId === '';
      const orgId = generated ? randomUUID() : push.orgId;
      const orgKey = generated ? randomBytes(ORG_KEY_BYTES).toString('hex') : push.orgKey;
      const newKey = args.values['rotate-key'] === true && !generated ? randomBytes(ORG_KEY_BYTES).toString('hex') : undefined;
      const target = bouncerTarget({ ...push, orgId, orgKey });
      if (!target) return fail('no bouncer to register with');
      const form: Record<string, string> = {
        zulip_org_id: orgId,
        zulip_org_key: orgKey,
        hostname: ctx.config.externalHost,
        contact_email: contactEmail,
      };
      if (newKey !== undefined) form.new_org_key = newKey;
      const outcome = await callBouncer(target, 'server/register', { form }, false);
      if (outcome.kind === 'unknown') fail(`The push bouncer could not be reached: ${outcome.reason}. Nothing changed; try again.`);
      if (outcome.kind === 'refused') fail(`The push bouncer refused the registration: ${outcome.msg}`);
      if (generated || newKey !== undefined) storePushCredentials(ctx.config, orgId, newKey ?? orgKey);
      await recordRegistration(ctx, push.bouncerUrl, orgId);
      io.out(
        outcome.body.created === true
          ? `This server is registered with the push bouncer at ${push.bouncerUrl}.`
          : `This server's registration with the push bouncer at ${push.bouncerUrl} is updated.`,
      );
      io.out(`Its id: ${orgId}.`);
      if (generated || newKey !== undefined) {
        io.out(
          `Its ${newKey === undefined ? '' : 'new '}key is in ${ctx.config.dataDir}/secrets.json. A server of several processes needs ` +
            'ZULIP_ORG_ID and ZULIP_ORG_KEY set to these values in the environment of each (the key is a secret).',
        );
      }
    },
  },
];

/** Realms: create-realm, reactivate-realm (a realm an administrator deactivated through the API). */
import { realmUrlOf } from '@chat/db';
import { reactivateRealm } from '../actions/realm-deactivation';
import { createRealm } from '../actions/realms';
import { findRealm } from '../queries/realms';
import { optional, REALM_OPTION, required, type Verb } from './command';

export const realmVerbs: Verb[] = [
  {
    name: 'create-realm',
    usage: '--string-id ID --name NAME [--email-domain DOMAIN] [--description TEXT]',
    options: {
      'string-id': { type: 'string' },
      name: { type: 'string' },
      'email-domain': { type: 'string' },
      description: { type: 'string' },
    },
    async run(ctx, args, io) {
      const realm = await createRealm(ctx.db.knex, {
        stringId: required(args, 'string-id'),
        name: required(args, 'name'),
        emailDomain: optional(args, 'email-domain'),
        description: optional(args, 'description'),
      });
      const url = await realmUrlOf(ctx.db.knex, ctx.config.externalHost, realm);
      io.out(`Created realm '${realm.string_id}' (id ${realm.id}) at ${url}; name it with --realm ${realm.string_id}.`);
    },
  },
  {
    name: 'reactivate-realm',
    usage: '[--realm ID]',
    options: REALM_OPTION,
    async run(ctx, args, io) {
      const realm = await findRealm(ctx.db.knex, optional(args, 'realm'));
      const reactivated = await reactivateRealm(ctx, realm.id);
      io.out(reactivated ? `Reactivated realm '${realm.string_id}'.` : `Realm '${realm.string_id}' is not deactivated.`);
    },
  },
];

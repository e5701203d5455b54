import { devRealmId } from '@chat/testing';
import { realmUrl } from '../src/notices/narrow-url';
import { startHarness, type Harness } from './helpers';

describe('links the message service writes outside a message view (bot-owner notices, e-mails)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ externalHost: 'chat.example.com' });
  });
  afterAll(() => h.close());

  it('point at the root realm on the bare host, and at another realm on its subdomain, once a second realm exists', async () => {
    const dev = await devRealmId(h.db);
    expect(await realmUrl(h.db.knex, 'chat.example.com', dev)).toBe('https://chat.example.com');
    const [acme] = (await h.db.knex('realms').insert({ string_id: 'acme', name: 'Acme', email_domain: 'acme.test' }).returning('id')) as {
      id: number;
    }[];
    expect(await realmUrl(h.db.knex, 'chat.example.com', dev)).toBe('https://chat.example.com');
    expect(await realmUrl(h.db.knex, 'chat.example.com', acme!.id)).toBe('https://acme.chat.example.com');
  });
});

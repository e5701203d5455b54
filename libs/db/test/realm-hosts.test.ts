/**
 * Which realm a Host names and which URL a realm is given: subdomains of the external host (or of
 * `localhost` when the external host is an address), the bare host for everything else.
 */
import { realmDomainOf, realmUri, subdomainOf } from '../src/queries/realms';

describe('realm hosts', () => {
  it.each([
    ['127.0.0.1:9991', '127.0.0.1:9991', null],
    ['localhost:9991', '127.0.0.1:9991', null],
    ['acme.localhost:9991', '127.0.0.1:9991', 'acme'],
    ['ACME.Localhost', '127.0.0.1:9991', 'acme'],
    ['[::1]:9991', '[::1]:9991', null],
    ['chat.example.com', 'chat.example.com', null],
    ['acme.chat.example.com', 'chat.example.com', 'acme'],
    ['acme.localhost:9991', 'chat.example.com', null],
    ['chat.example.com.evil.test', 'chat.example.com', null],
    [undefined, 'chat.example.com', null],
    ['acme.chat.localhost:9991', 'chat.localhost:9991', 'acme'],
    ['localhost:9991', 'chat.localhost:9991', null],
  ])('%s under %s names subdomain %s', (host, externalHost, expected) => {
    expect(subdomainOf(host, externalHost)).toBe(expected);
  });

  it('gives the root realm the bare external host and every other its subdomain, port kept', () => {
    expect(realmUri({ string_id: 'zulip' }, '127.0.0.1:9991', true)).toBe('http://127.0.0.1:9991');
    expect(realmUri({ string_id: 'acme' }, '127.0.0.1:9991', false)).toBe('http://acme.localhost:9991');
    expect(realmUri({ string_id: 'acme' }, 'localhost:8080', false)).toBe('http://acme.localhost:8080');
    expect(realmUri({ string_id: 'acme' }, 'chat.example.com', false)).toBe('https://acme.chat.example.com');
    expect(realmUri({ string_id: '' }, 'chat.example.com', false)).toBe('https://chat.example.com');
    expect(realmUri({ string_id: 'acme' }, 'chat.localhost:9991', false)).toBe('http://acme.chat.localhost:9991');
    expect(realmDomainOf('[::1]:9991')).toBe('localhost');
  });
});

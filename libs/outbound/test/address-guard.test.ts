import type { LookupAddress } from 'node:dns';
import { addressPolicy, BlockedAddressError, checkLiteralHost, guardedLookup, type AddressPolicy } from '../src';

const closed = addressPolicy({ allowPrivate: false, allowedNetworks: [] });

/** What the guarded lookup hands a socket asking for one address: the address, or the refusal. */
function lookupOne(policy: AddressPolicy, hostname: string): Promise<string> {
  return new Promise((resolve, reject) =>
    guardedLookup(policy)(hostname, {}, (err, address) => (err ? reject(err) : resolve(address as string))),
  );
}

function lookupAll(policy: AddressPolicy, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    guardedLookup(policy)(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses as LookupAddress[]))),
  );
}

describe('the outbound address rule', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd12::1',
    '::ffff:127.0.0.1',
    '224.0.0.1',
  ])('refuses %s', (address) => expect(closed.allows(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) =>
    expect(closed.allows(address)).toBe(true),
  );

  it('opens the networks the operator lists, and everything with allowPrivate', () => {
    const intranet = addressPolicy({ allowPrivate: false, allowedNetworks: ['10.1.2.0/24', 'fd00::5'] });
    expect([intranet.allows('10.1.2.9'), intranet.allows('10.1.3.9'), intranet.allows('fd00::5'), intranet.allows('127.0.0.1')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(addressPolicy({ allowPrivate: true, allowedNetworks: [] }).allows('127.0.0.1')).toBe(true);
  });

  it('refuses an address literal the rule refuses, bracketed or not, and leaves names to the lookup', () => {
    expect(() => checkLiteralHost(closed, '[::1]')).toThrow(BlockedAddressError);
    expect(() => checkLiteralHost(closed, '127.0.0.1')).toThrow(BlockedAddressError);
    expect(() => checkLiteralHost(closed, '93.184.216.34')).not.toThrow();
    expect(() => checkLiteralHost(closed, 'localhost')).not.toThrow();
  });

  it('refuses a name that resolves to a refused address, and hands over only checked addresses', async () => {
    await expect(lookupOne(closed, 'localhost')).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(lookupAll(closed, 'localhost')).rejects.toBeInstanceOf(BlockedAddressError);
    const loopback = addressPolicy({ allowPrivate: false, allowedNetworks: ['127.0.0.0/8', '::1'] });
    expect(['127.0.0.1', '::1']).toContain(await lookupOne(loopback, 'localhost'));
    const all = await lookupAll(loopback, 'localhost');
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((a) => loopback.allows(a.address))).toBe(true);
  });
});

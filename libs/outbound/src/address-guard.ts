/**
 * Which addresses the server may call on a user's behalf. Whoever chooses a URL the server
 * fetches (a bot's owner its outgoing webhook's endpoint) could otherwise make it call its own
 * loopback, the cluster's services or a cloud metadata endpoint. The host is resolved once, every
 * address it resolves to is checked, and the connection goes to a checked address (the `lookup`
 * below is the one the socket uses), so a name that resolves differently between a check and the
 * connect cannot slip past. Every outbound call to a user-chosen address goes through it.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses that are not on the public internet (IANA special-purpose registries). */
const NON_PUBLIC: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  // NAT64 and 6to4 embed an IPv4 address the gateway would reach for us: refused outright.
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const nonPublic = new BlockList();
for (const [network, bits, family] of NON_PUBLIC) nonPublic.addSubnet(network, bits, family);

/** The call was not made: its address is one the operator has not opened to outbound calls. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(host: string, address: string) {
    super(host === address ? `${address} is not a public address` : `${host} resolves to ${address}, which is not a public address`);
  }
}

export interface AddressPolicy {
  /** Whether `address` (an IP literal) may be called. */
  allows(address: string): boolean;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** What the operator opened beyond the public internet (a caller's settings, validated by loadConfig). */
export interface AddressRule {
  /** Every address, non-public ones included. */
  allowPrivate: boolean;
  /** Addresses or CIDR blocks (`10.1.2.0/24`, `fd00::5`) allowed although not public. */
  allowedNetworks: readonly string[];
}

export function addressPolicy(rule: AddressRule): AddressPolicy {
  if (rule.allowPrivate) return { allows: () => true };
  const allowed = new BlockList();
  for (const network of rule.allowedNetworks) {
    const [address = '', bits] = network.split('/');
    const family = familyOf(address);
    allowed.addSubnet(address, bits === undefined ? (family === 'ipv6' ? 128 : 32) : Number(bits), family);
  }
  return {
    allows: (address) => {
      const family = familyOf(address);
      return !nonPublic.check(address, family) || allowed.check(address, family);
    },
  };
}

/** Throws BlockedAddressError for an IP literal host the policy refuses (the socket skips `lookup` for those). */
export function checkLiteralHost(policy: AddressPolicy, hostname: string): void {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0 && !policy.allows(bare)) throw new BlockedAddressError(bare, bare);
}

/**
 * A `lookup` for http.request: resolves every address of the host, refuses the connection if any
 * is not allowed, and hands the socket only checked addresses.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !policy.allows(a.address));
      if (refused) return callback(new BlockedAddressError(hostname, refused.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

import ipaddr from 'ipaddr.js';

/*
 * Allowed networks of an RFID reader: '192.168.1.0/24', '10.0.0.7' (= /32), 'fd00::/8'.
 * ONE parser (ipaddr.js) on save (the reader schema, so a malformed entry is a 400 naming the field) and at tap
 * time (addressInNetworks), so what was accepted on save is exactly what is matched later.
 */

export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A network as typed, or null when it is not one. IPv4 only in four-part decimal; no IPv6 zone ('%eth0'). */
export function parseNetwork(text: string): Network | null {
  const [address, bits, extra] = text.trim().split('/');
  if (extra !== undefined || !address || address.includes('%')) return null;
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!v4 && !(address.includes(':') && ipaddr.IPv6.isValid(address))) return null;
  const max = v4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return null;
  return [ipaddr.parse(address), prefix];
}

/** The first entry of a list that is not a network (to name it in the error), or undefined. */
export const firstBadNetwork = (list: string[]) => list.find((s) => !parseNetwork(s));

/**
 * Whether a source address is inside one of the networks. An IPv4-mapped IPv6 address ('::ffff:10.0.0.7')
 * counts as its IPv4 address. An entry that does not parse (stored before this check existed) matches nothing:
 * a reader is never let in, and no tap fails, because of it.
 */
export function addressInNetworks(networks: string[], address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return networks.some((text) => {
    const net = parseNetwork(text);
    if (!net) return false;
    const base = net[0].kind() === 'ipv6' ? ipaddr.process(net[0].toString()) : net[0];
    if (base.kind() !== ip.kind()) return false;
    // A mapped network ('::ffff:10.0.0.0/104') compares as IPv4 with the prefix shortened accordingly.
    const prefix = net[0].kind() === 'ipv6' && base.kind() === 'ipv4' ? Math.max(0, net[1] - 96) : net[1];
    return ip.kind() === 'ipv4'
      ? (ip as ipaddr.IPv4).match(base as ipaddr.IPv4, prefix)
      : (ip as ipaddr.IPv6).match(base as ipaddr.IPv6, prefix);
  });
}

/**
 * The key a per-address limit counts under: an IPv4 address, or the /64 an IPv6 address is in (one subscriber's
 * network: counting single IPv6 addresses would let a client rotate through its 2^64 of them).
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  return ip.kind() === 'ipv4' ? ip.toString() : `${ip.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

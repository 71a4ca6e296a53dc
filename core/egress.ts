import { BlockList, isIP } from 'node:net';

/**
 * The egress policy of outgoing requests the service makes on a customer's behalf (webhooks,
 * the API runner, the web runner's browser): public addresses only, except for the hosts and
 * networks the operator lists in EGRESS_ALLOW (with EGRESS_PUBLIC=false, nothing but those);
 * webhooks also need https. The address is checked when the connection is made (after DNS resolution, IP
 * literals too), so a name that resolves to a private address is refused; redirects are never
 * followed (the caller treats a 3xx as an answer).
 */
export interface EgressPolicy {
  /** Why a URL is refused before any connection is made; null when it may be tried. */
  refuseUrl(url: string): string | null;
  /** Why a resolved address (of `host`) is refused; null when the connection may go ahead. */
  refuseAddress(host: string, address: string): string | null;
}

/** Addresses that are not the public internet: loopback, private, link-local, CGNAT, multicast, reserved. */
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv6');

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it carries. */
function normalize(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export interface EgressOptions {
  /** Webhooks: https only (plain http only to allowed hosts). Runners reach the customer's targets over either. */
  requireHttps?: boolean;
  /** EGRESS_PUBLIC=false: public addresses are refused too; only EGRESS_ALLOW is reachable. */
  allowPublic?: boolean;
}

/** Parses EGRESS_ALLOW (`host`, `ip` or `ip/prefix`, comma separated). */
export function egressPolicy(
  allow: string,
  { requireHttps = true, allowPublic = true }: EgressOptions = {},
): EgressPolicy {
  const hosts = new Set<string>();
  const networks = new BlockList();
  for (const entry of allow
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [net, prefix] = entry.split('/');
    const family = isIP(bare(net));
    if (family) {
      const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
      networks.addSubnet(bare(net), bits, family === 4 ? 'ipv4' : 'ipv6');
    } else hosts.add(entry.toLowerCase());
  }
  const allowedAddress = (address: string) => {
    const n = normalize(address);
    return networks.check(n.address, n.family);
  };
  const allowedHost = (host: string) => hosts.has(bare(host)) || (isIP(bare(host)) > 0 && allowedAddress(bare(host)));
  const policy: EgressPolicy = {
    refuseUrl(text) {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return 'not a URL';
      }
      if (url.username || url.password) return 'credentials in the URL are not allowed';
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only https URLs are allowed';
      if (requireHttps && url.protocol === 'http:' && !allowedHost(url.hostname))
        return 'only https URLs are allowed (plain http only for hosts listed in EGRESS_ALLOW)';
      const literal = bare(url.hostname);
      return isIP(literal) ? policy.refuseAddress(literal, literal) : null;
    },
    refuseAddress(host, address) {
      if (hosts.has(bare(host)) || allowedAddress(address)) return null;
      const n = normalize(address);
      if (nonPublic.check(n.address, n.family))
        return `${address} is not a public address (allow it with EGRESS_ALLOW)`;
      return allowPublic ? null : `${address} is not in EGRESS_ALLOW, and EGRESS_PUBLIC is false`;
    },
  };
  return policy;
}

/**
 * An egress refusal in a customer's words, for Run evidence: it names no setting of the runner host
 * (the rule that refused, and the address, go to the runner's log only).
 */
export const EGRESS_REFUSED =
  'the egress policy that the operator of this service set for the runner refuses this address (private, loopback and link-local addresses are refused unless the operator allows them)';
export const EGRESS_ADVICE =
  'Point the target at an address the runner may reach, or ask the operator of this service to allow this one.';

/** The policy of the runners (API requests and the browser): http or https, to EGRESS_ALLOW and, unless EGRESS_PUBLIC=false, public addresses. */
export function runnerEgress(config: { EGRESS_ALLOW: string; EGRESS_PUBLIC: boolean }): EgressPolicy {
  return egressPolicy(config.EGRESS_ALLOW, { requireHttps: false, allowPublic: config.EGRESS_PUBLIC });
}

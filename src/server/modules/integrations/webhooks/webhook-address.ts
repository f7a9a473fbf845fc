// SSRF protection for webhooks (contract-beyond "Integrations"): a webhook may not
// point the server at itself or its private network — loopback, private, link-local
// (cloud metadata at 169.254.169.254), unspecified — unless the operator sets
// WEBHOOK_ALLOW_PRIVATE=true. Checked when the endpoint is saved and again at every
// delivery, on the addresses the name resolves to then; the delivery connects to
// the address that was checked (webhook-delivery.ts), so a name that changes its
// answer between the check and the connection (DNS rebinding) gains nothing.
import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", incl. the unspecified 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT: private in practice
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 3], // multicast, reserved and broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** The v4 address inside an IPv4-mapped IPv6 one (::ffff:127.0.0.1), else null. */
function mappedV4(address: string): string | null {
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!m) return null;
  const tail = m[1];
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

/** Is this IP address one webhooks are never sent to (unless allowed)? */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const v4 = mappedV4(address);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true; // not an address at all
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/** Why a URL is refused (the message is the delivery log's, or the 400's). */
export class ForbiddenTargetError extends Error {
  constructor(
    message: string,
    readonly kind: "private" | "unresolved" | "scheme",
  ) {
    super(message);
    this.name = "ForbiddenTargetError";
  }
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolve the URL's host now and check every address it has. Returns the one to
 * connect to. Throws ForbiddenTargetError when any is forbidden (and private ones
 * are not allowed), or the name does not resolve.
 */
export async function resolveWebhookTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ForbiddenTargetError("Only http:// and https:// URLs are allowed", "scheme");
  const host = hostOf(url);
  const family = isIP(host);
  let addresses: ResolvedTarget[];
  if (family) {
    addresses = [{ address: host, family: family as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      throw new ForbiddenTargetError(`The host name ${host} could not be found`, "unresolved");
    }
    if (!addresses.length) throw new ForbiddenTargetError(`The host name ${host} could not be found`, "unresolved");
  }
  if (!allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      const via = family ? "" : ` (${host} resolves to it)`;
      throw new ForbiddenTargetError(`Refused: ${bad.address} is a private, loopback or link-local address${via}`, "private");
    }
  }
  return addresses[0];
}

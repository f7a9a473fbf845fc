// SSRF protection for webhooks: a webhook may not
// point the server at itself, its private network or any other special-purpose
// address — loopback, private, link-local (cloud metadata at 169.254.169.254),
// unspecified, benchmarking, reserved, … — only at a global unicast one, unless the operator sets
// WEBHOOK_ALLOW_PRIVATE=true. Checked when the endpoint is saved and again at every
// delivery, on the addresses the name resolves to then; the delivery connects to
// the address that was checked (webhook-delivery.ts), so a name that changes its
// answer between the check and the connection (DNS rebinding) gains nothing.
import { isIP } from "node:net";
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/**
 * The IPv4 address carried inside an IPv6 one, else null: IPv4-compatible
 * (`::/96`), IPv4-mapped (`::ffff:0:0/96`), NAT64 (`64:ff9b::/96`) and 6to4
 * (`2002::/16`, the v4 address in bits 16–47).
 */
function embeddedV4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const p = v6.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  if (p.slice(0, 6).every((w) => w === 0)) return fromWords(p[6], p[7]); // ::/96, incl. :: and ::1
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((w) => w === 0)) return fromWords(p[6], p[7]);
  if (p[0] === 0x2002) return fromWords(p[1], p[2]);
  return null;
}

/**
 * Is this IP address one webhooks are never sent to (unless allowed)? Only global
 * unicast addresses pass: ipaddr.js names every special-purpose range of the IANA
 * registries (loopback, private, link-local, carrier-grade NAT, benchmarking
 * 198.18.0.0/15, IETF protocol assignments 192.0.0.0/24, documentation, multicast,
 * Teredo, …) and calls only the rest "unicast". An IPv4 address inside IPv6 is
 * judged as the IPv4 address it carries.
 */
export function isForbiddenAddress(address: string): boolean {
  if (!isIP(address)) return true; // not an address at all (isIP also refuses ipaddr.js's lenient forms such as 0x7f.1)
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (ip.kind() === "ipv6") {
    const v4 = embeddedV4(ip as ipaddr.IPv6);
    if (v4) return v4.range() !== "unicast";
  }
  return ip.range() !== "unicast";
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
      throw new ForbiddenTargetError(`Refused: ${bad.address} is not a public address (private, loopback, link-local or another special-purpose range)${via}`, "private");
    }
  }
  return addresses[0];
}

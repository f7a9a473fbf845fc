// Which addresses a webhook may be sent to: only
// global unicast ones, after decoding an IPv4 address carried inside IPv6.
import { describe, expect, it } from "vitest";
import { ForbiddenTargetError, isForbiddenAddress, resolveWebhookTarget } from "./webhook-address";

describe("isForbiddenAddress", () => {
  it.each([
    // IPv4 special-purpose ranges
    "0.0.0.0",
    "10.1.2.3",
    "100.64.0.1", // carrier-grade NAT
    "127.0.0.1",
    "169.254.169.254",
    "172.16.5.4",
    "192.0.0.1", // IETF protocol assignments 192.0.0.0/24
    "192.0.2.10", // documentation
    "192.168.1.20",
    "198.18.0.1", // benchmarking 198.18.0.0/15
    "198.19.255.254",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    // IPv6 special-purpose ranges
    "::",
    "::1",
    "fe80::1",
    "fd00::1",
    "ff02::1",
    "2001:db8::1", // documentation
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
    "100::1", // discard
    // IPv4 inside IPv6
    "::127.0.0.1",
    "::7f00:1", // ::/96, IPv4-compatible
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a00:1", // ::ffff:10.0.0.1
    "64:ff9b::7f00:1", // NAT64
    "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
    "2002:7f00:1::", // 6to4 of 127.0.0.1
    "2002:c612:1::1", // 6to4 of 198.18.0.1
    // not addresses, or lenient forms only ipaddr.js would read
    "localhost",
    "0x7f.1",
    "127.1",
    "",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4009:81f::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])("allows the global unicast %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe("resolveWebhookTarget", () => {
  it.each(["http://[::127.0.0.1]/", "http://[::7f00:1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://198.18.0.1/", "http://192.0.0.1/"])("refuses %s as private", async (url) => {
    const err = await resolveWebhookTarget(new URL(url), false).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForbiddenTargetError);
    expect((err as ForbiddenTargetError).kind).toBe("private");
  });

  it("refuses a name that resolves to loopback, saying so", async () => {
    const err = await resolveWebhookTarget(new URL("http://localhost:9/"), false).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForbiddenTargetError);
    expect((err as ForbiddenTargetError).message).toContain("localhost resolves to it");
  });

  it("allows them all with WEBHOOK_ALLOW_PRIVATE=true", async () => {
    for (const url of ["http://198.18.0.1/", "http://[64:ff9b::7f00:1]/", "http://127.0.0.1:8080/"]) {
      await expect(resolveWebhookTarget(new URL(url), true)).resolves.toMatchObject({ address: new URL(url).hostname.replace(/^\[(.*)\]$/, "$1") });
    }
  });
});

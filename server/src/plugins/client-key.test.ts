import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-key.ts";

describe("the client a rate limit counts (D545)", () => {
  it("counts an IPv6 address by its /64, and an IPv4 one as it is", () => {
    expect(clientNetwork("2001:db8:1234:5678:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1234:5678::/64");
    // Another address of the same line, written short: the same client.
    expect(clientNetwork("2001:0db8:1234:5678::1")).toBe("2001:db8:1234:5678::/64");
    expect(clientNetwork("2001:db8:1234:5679::1")).toBe("2001:db8:1234:5679::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });
});

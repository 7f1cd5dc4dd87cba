import { isIPv4, isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";

/**
 * The client as rate limits count it (D545): an IPv4 address as it is, an IPv6 address by its /64. A home
 * or mobile line gets a whole /64 from its provider, so counting single IPv6 addresses would give one client
 * 2^64 fresh limits. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 one.
 */
export function clientKey(request: Pick<FastifyRequest, "ip">): string {
  return clientNetwork(request.ip);
}

export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || "0", 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

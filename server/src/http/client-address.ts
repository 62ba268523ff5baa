// The address per-IP limits count (docs/security.md, "Proxies"). An IPv6 client counts by its /64:
// one subscriber or one network gets a whole /64 (a /64 per link at the least), so counting each
// address would let one client rotate through 2^64 of them and pass every per-IP limit. IPv4 counts
// per address, and so does an IPv4-mapped IPv6 address (::ffff:a.b.c.d, how a dual-stack socket
// reports an IPv4 peer), under its IPv4 form.
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';

/** The eight 16-bit groups of an address that isIP already called IPv6 (zone id dropped). */
function groups(address: string): number[] {
  const bare = address.split('%')[0];
  const split = (s: string) => (s === '' ? [] : s.split(':'));
  const gap = bare.indexOf('::');
  const left = split(gap >= 0 ? bare.slice(0, gap) : bare);
  const right = gap >= 0 ? split(bare.slice(gap + 2)) : [];
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const tail = right.length > 0 ? right : left;
  const last = tail[tail.length - 1];
  if (last?.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number);
    tail.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const zeros = gap >= 0 ? new Array<string>(8 - left.length - right.length).fill('0') : [];
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/** The per-IP limit key of a client address: itself for IPv4, its /64 for IPv6. */
export function limitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const g = groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/**
 * Makes req.ip the client's limit key, once, right after Express has chosen the address
 * (TRUST_PROXY): every per-IP limit reads req.ip, and nothing else does (the request log has the
 * socket's own address).
 */
export const countClientsByNetwork: RequestHandler = (req, _res, next) => {
  const ip = req.ip;
  if (ip) Object.defineProperty(req, 'ip', { value: limitKey(ip), configurable: true, enumerable: true });
  next();
};

// Which media-server addresses a person may connect (docs/security.md, "Connected apps"): the
// server calls them, so a URL must not turn it against the machine it runs on or its cloud. http(s)
// only; never link-local or a cloud metadata address; loopback and private networks only while
// MEDIA_SERVER_NETWORKS=private (the default: a self-hoster's Jellyfin is on their LAN).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { fieldError } from '../../http/errors.js';

/** Never called, whatever the configuration: link-local (169.254.0.0/16 holds the metadata service) and metadata addresses. */
const NEVER = new BlockList();
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addAddress('fd00:ec2::254', 'ipv6');
NEVER.addAddress('100.100.100.200', 'ipv4');
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addAddress('::', 'ipv6');

/** Called only with MEDIA_SERVER_NETWORKS=private. */
const PRIVATE = new BlockList();
for (const [net, bits] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/** Names a lookup may give: a bound on the loop below. */
const MAX_ADDRESSES = 16;

const refuse = (message: string) => fieldError('server_url', message);

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** Why this address may not be called, or null. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  const family = familyOf(address);
  if (NEVER.check(address, family)) return 'That address is link-local or a cloud metadata address, which this server never calls';
  if (!allowPrivate && PRIVATE.check(address, family)) return 'This server only connects media servers on public addresses (MEDIA_SERVER_NETWORKS=public)';
  return null;
}

/**
 * The server URL as the adapters get it (no credentials, query or fragment; no trailing slash),
 * once every address its host resolves to is allowed. Checked at connect and before every pull
 * (an address that changed since is refused then).
 */
export async function checkServerUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('Use an http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('Use an http:// or https:// address');
  if (url.username || url.password) throw refuse('Leave the user name and password out of the address');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw refuse(`${url.hostname} could not be found: check the address`);
    }
  }
  if (addresses.length > MAX_ADDRESSES) throw refuse(`${url.hostname} resolves to more than ${MAX_ADDRESSES} addresses`);
  for (const address of addresses) {
    const why = addressRefusal(address, allowPrivate);
    if (why) throw refuse(why);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

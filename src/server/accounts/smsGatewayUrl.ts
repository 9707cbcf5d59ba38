// The rule for 全局配置 sms.http.url: an http(s) URL whose host is not loopback, link-local, private,
// unspecified, multicast or an IPv4-in-IPv6 form — the server POSTs codes and the gateway key there, so the
// setting must not reach the server itself or its network. Checked twice: on save for a literal address (the
// sysConfig hook below), and at send time after DNS resolution, in the lookup the connection itself uses (so a
// name cannot resolve to a public address for the check and a private one for the connection). Env
// SMS_HTTP_ALLOW_PRIVATE=1 lifts the address part (config.ts).
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { smsHttpAllowsPrivate } from '../config';
import { registerHooks } from '../db/hooks';
import { invalid } from '../errors';

export const SMS_URL_KEY = 'sms.http.url';
export const URL_NOT_HTTP = '短信网关地址只能是 http:// 或 https:// 开头的网址';
export const URL_PRIVATE =
  '短信网关地址不能指向本机、内网或链路本地地址（127.0.0.0/8、10.0.0.0/8、172.16.0.0/12、192.168.0.0/16、169.254.0.0/16、fc00::/7、fe80::/10 等）';

// one list per family: a BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too (::ffff:0:0/96
// would catch every IPv4 address)
const blocked4 = new BlockList();
const blocked6 = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], // unspecified, "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast, reserved, broadcast
];
const V6: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['2002::', 16], // 6to4
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
for (const [net, prefix] of V4) blocked4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blocked6.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets) is one the gateway may not be. */
export function isPrivateAddress(address: string): boolean {
  const v = isIP(address);
  return v === 0 || (v === 4 ? blocked4.check(address, 'ipv4') : blocked6.check(address, 'ipv6'));
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** What is wrong with the setting, checked without DNS (a literal address, localhost); undefined when fine. */
export function smsUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return URL_NOT_HTTP;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return URL_NOT_HTTP;
  if (smsHttpAllowsPrivate()) return undefined;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host)))
    return URL_PRIVATE;
  return undefined;
}

/**
 * The DNS lookup of the gateway's connection: resolves every address of the name and fails when any is private,
 * then connects to what it resolved (one resolution: no rebinding between the check and the connection).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family as number | undefined }, (err, addresses) => {
    const reply = callback as (e: Error | null, a: unknown, f?: number) => void;
    if (err) return reply(err, '');
    const bad = smsHttpAllowsPrivate() ? undefined : addresses.find((a) => isPrivateAddress(a.address));
    if (bad || !addresses.length)
      return reply(
        Object.assign(new Error(`${URL_PRIVATE}: ${hostname} → ${bad?.address ?? '无地址'}`), { code: 'EPRIVATEADDR' }),
        '',
      );
    if (options.all) return reply(null, addresses);
    reply(null, addresses[0].address, addresses[0].family);
  });
};

// On save (a 全局配置 edit or import): an empty value is allowed (no gateway yet).
registerHooks('sysConfig', {
  async validate({ body, existing }) {
    const key = String(body.configKey ?? existing?.configKey ?? '');
    if (key !== SMS_URL_KEY || body.configValue === undefined) return;
    const value = String(body.configValue ?? '').trim();
    const problem = value ? smsUrlProblem(value) : undefined;
    if (problem) throw invalid([{ field: 'configValue', errorMsg: problem }]);
  },
});

// A limit of calls per client address in a sliding window, for public routes that anyone may call without a session
// (the report verify page): past `limit` calls within `windowMs`, 429 请求过于频繁. Kept in this process's memory —
// each replica counts its own calls, so a client behind a balancer gets at most `limit` per replica.
import { tooMany } from '../errors';

const MAX_CLIENTS = 10_000;

export function rateLimiter(limit: number, windowMs: number, now: () => number = Date.now): (client: string) => void {
  const calls = new Map<string, number[]>();
  return (client) => {
    const t = now();
    const recent = (calls.get(client) ?? []).filter((at) => t - at < windowMs);
    calls.delete(client); // re-inserted last: the map's first entries are the longest quiet clients
    if (recent.length >= limit) {
      calls.set(client, recent);
      throw tooMany();
    }
    recent.push(t);
    calls.set(client, recent);
    if (calls.size > MAX_CLIENTS) calls.delete(calls.keys().next().value!);
  };
}

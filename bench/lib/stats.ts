// Medians, interleaved rounds and the number formats of the printed table.

export const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const round3 = (x: number) => Math.round(x * 1000) / 1000;

export const gc = () => (globalThis as { gc?: () => void }).gc?.();

/**
 * The calls of `fns` in turn — A, floor, A, floor … — `rounds` times after `warmup` unmeasured turns; `between`
 * runs after every call, untimed (e.g. removing the rows an import added). The first to go rotates from round to
 * round so that none always runs on the state another left behind. Answers each function's times. A function
 * that answers `{ ms }` has timed itself.
 */
export async function interleaved(
  rounds: number,
  fns: (() => Promise<unknown>)[],
  opts: {
    warmup?: number;
    between?: (i: number) => Promise<void>;
    onRound?: (round: number, ms: number[]) => void;
  } = {},
): Promise<number[][]> {
  const out = fns.map(() => [] as number[]);
  // (no forced GC before a call: the first queries after one run several times slower — freed memory is paged
  // in again — so a GC would be timed in whoever comes next; the RSS sampler forces one for its baseline only)
  const one = async (k: number) => {
    const t0 = performance.now();
    const v = await fns[k]();
    // a function that times itself (e.g. inside an RSS sampler, after its set-up) answers { ms }
    const ms = typeof (v as { ms?: unknown })?.ms === 'number' ? (v as { ms: number }).ms : performance.now() - t0;
    await opts.between?.(k);
    return ms;
  };
  for (let i = 0; i < (opts.warmup ?? 1); i++) for (let k = 0; k < fns.length; k++) await one(k);
  for (let r = 0; r < rounds; r++) {
    const ms = new Array<number>(fns.length);
    for (let j = 0; j < fns.length; j++) {
      const k = (j + r) % fns.length;
      ms[k] = await one(k);
    }
    ms.forEach((m, k) => out[k].push(m));
    opts.onRound?.(r, ms);
  }
  return out;
}

/** 10 000 */
export const fmtN = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');

export const fmtMs = (ms: number) =>
  !Number.isFinite(ms) ? '—' : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
export const fmtMb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

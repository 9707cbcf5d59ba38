// Whether a name decides one library row of its family (./suggest.ts preselects only such a row): a wrong
// preselection costs more than none, so the similarity of the names never decides alone. A row is decided when it
// is the only one of the family's rows (its own rows, else its kinds') that
// - has in the name every word that sets it apart from the other rows (页岩 of 页岩实心砖 against 煤矸石实心砖),
// - holds every word of the name beyond the family's (白水泥's 白 is in no cement row: nothing is decided),
// - has the name's grade, or no grade (C30 against C50), and the name's glazing make-up (6+12A+6),
// - claims no more than the name (再生: a recycled-content variant is taken only when the name says so);
// a foreign row whose family has a Chinese row is left out first (the source decides between them, not the name).
// A family the library has one row of is decided by its word alone (水泥 → 普通硅酸盐水泥（市场平均）) unless the
// family has kinds too, which the bare word may equally mean (木材: sawn timber or glulam), or the row names a
// product of the family the name does not (蒸压粉煤灰砖 for 灰砂砖). A family without rows of its own is never
// decided by its bare word from its kinds' rows (石膏 is not 纸面石膏板, 矿物棉 not 岩棉). A stand-in is never
// decided, except the parent's own row where the taxonomy says it is the family's (parentRow: 聚苯乙烯泡沫板 for XPS).
import type { Prepared, Scope } from './candidates';
import { gradeScore, makeupOf } from './similarity';
import { CHINESE_TERMS, type Family, familyWords, ownTerms, plainWords } from './taxonomy';

export interface Decision {
  /** the decided row's position among the prepared items */
  item: number;
  /** why, in Chinese (shown with its other reasons) */
  reasons: string[];
  /** why a row as close by name was not taken, by position */
  notes: Map<number, string>;
}

const HAN = /\p{Script=Han}/u;

/**
 * The runs of Chinese characters of `s` that none of `words` covers (every occurrence of every word covers its
 * characters): what `s` says beyond them. Letters and figures left from a specification (φ, hn400) say nothing.
 */
export function uncovered(s: string, words: readonly string[]): string[] {
  const covered = new Uint8Array(s.length);
  for (const w of words) {
    if (!w) continue;
    for (let at = s.indexOf(w); at >= 0; at = s.indexOf(w, at + 1)) covered.fill(1, at, at + w.length);
  }
  const out: string[] = [];
  let run = '';
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length && !covered[i] && HAN.test(s[i])) run += s[i];
    else if (run) {
      out.push(run);
      run = '';
    }
  }
  return out;
}

/** The row `core` (the name's core, see names.coreName) decides among the family's rows, or null. */
export function decide(
  p: Prepared,
  family: Family,
  scope: Scope,
  core: string,
  name: string,
  grades: string[],
): Decision | null {
  let pool: number[];
  if (scope.standIn) {
    if (!family.parentRow) return null;
    pool = scope.items.filter(([i]) => p.items[i].family === scope.standIn).map(([i]) => i);
  } else {
    const same = scope.items.filter(([, r]) => r === 'same').map(([i]) => i);
    pool = same.length ? same : scope.items.map(([i]) => i);
  }
  // a foreign row is no rival of a Chinese one of its family: the source decided between them (suggest.chineseFirst)
  pool = pool.filter(
    (i) => p.items[i].chinese || !pool.some((j) => p.items[j].chinese && p.items[j].family === p.items[i].family),
  );
  const said = uncovered(core, familyWords(family));
  const kinds = !scope.standIn && !scope.items.some(([, r]) => r === 'same');
  if (!pool.length || (!said.length && (kinds || (pool.length === 1 && scope.items.length > 1 && !scope.standIn))))
    return null;
  const cores = pool.map((i) => p.items[i].main.core);
  // what sets a row apart: its words, less the terms and qualifiers every row of the pool has
  const shared = [...CHINESE_TERMS.filter((w) => cores.every((c) => c.includes(w))), ...plainWords(family)];
  // (a family's only row may still be one product of several its family names: 蒸压粉煤灰砖 of 蒸压砖, which
  // 灰砂砖 is too — the row's own terms beyond its family's word must then be in the name)
  const apart = (i: number) => {
    const it = p.items[i];
    if (pool.length > 1) return uncovered(it.main.core, shared).filter((r) => !cores.every((c) => c.includes(r)));
    return it.family ? ownTerms(it.family).filter((t) => it.main.core.includes(t) && !it.family!.word.includes(t)) : [];
  };
  let left = pool.filter((i) => {
    const it = p.items[i];
    // (the row's name with its parenthesised parts, which may hold two words of the name in one: 原生铝:再生铝)
    const text = [it.main.core, ...it.alts.map((a) => a.core)].join('');
    return apart(i).every((r) => core.includes(r)) && said.every((r) => text.includes(r));
  });
  const reasons: string[] = [];
  const notes = new Map<number, string>();
  if (grades.length && left.length) {
    const score = left.map((i) => gradeScore(grades, p.items[i].grades));
    const best = Math.max(...score);
    left = best < 0 ? [] : left.filter((_, k) => score[k] === best);
  }
  const makeup = makeupOf(name);
  if (makeup && left.length) {
    const same = left.filter((i) => p.items[i].makeup === makeup);
    for (const i of left)
      if (p.items[i].makeup && p.items[i].makeup !== makeup)
        notes.set(i, `中空玻璃构造不同（${makeup}≠${p.items[i].makeup}）`);
    left = same.length ? same : left.filter((i) => !p.items[i].makeup);
    if (same.length) reasons.push(`中空玻璃构造一致（${makeup}）`);
  }
  const plain = left.filter((i) => p.items[i].claims.every((w) => core.includes(w)));
  if (plain.length && plain.length < left.length) {
    for (const i of left)
      if (!plain.includes(i)) notes.set(i, `因子注明「${p.items[i].claims.join('、')}」，名称未注明`);
    left = plain;
  }
  if (left.length !== 1) return null;
  if (scope.standIn) reasons.unshift(family.parentRow!);
  else reasons.unshift(pool.length === 1 ? `因子库中「${family.label}」只有这一项` : '同类因子中只有这一项与名称相符');
  return { item: left[0], reasons, notes };
}

// Which LCIA result of an ILCD+EPD data set is the GWP the factor takes: under EN 15804+A2 GWP-total, under +A1
// the one GWP. Known method UUIDs first, then the names in any language the samples use; the parts of GWP-total
// (fossil, biogenic, luluc) and the GWP-GHG / IOBC variants are never the value.
export type Standard = 'EN 15804+A2' | 'EN 15804+A1';

/** LCIA method data sets by UUID: EF 3.0/3.1 GWP-total, and ÖKOBAUDAT's GWP of EN 15804+A1. */
const KNOWN: Record<string, Standard> = {
  '6a37f984-a4b3-458a-a20a-64418c145fa2': 'EN 15804+A2',
  '77e416eb-a363-4258-a04e-171d843a6460': 'EN 15804+A1',
};

/** Parts and variants of GWP, in the languages ÖKOBAUDAT, EPD Norge and EPD Danmark write. */
const PART =
  /fossil|biogen|luluc|land ?use|landnutzung|arealbruk|arealanvendelse|iobc|ghg|except|excluding|ohne|nobio|uptake/i;
const GWP =
  /\bgwp|global ?warming|climate ?change|klimawandel|erw(ä|ae)rmungspotent|treibhaus|oppvarmingspotensial|opvarmningspotentiale|r(é|e)chauffement|calentamiento|riscaldamento/i;
const TOTAL = /total|gesamt|totalt|i alt/i;

export interface GwpCandidate {
  uuid: string | null;
  names: string[];
}

export function standardOf(c: GwpCandidate): Standard | null {
  const known = c.uuid ? KNOWN[c.uuid.toLowerCase()] : undefined;
  if (known) return known;
  if (!c.names.some((n) => GWP.test(n)) || c.names.some((n) => PART.test(n))) return null;
  // EF names GWP-total plainly "Climate change"; +A1 has no total
  if (c.names.some((n) => TOTAL.test(n) || /climate ?change/i.test(n))) return 'EN 15804+A2';
  return 'EN 15804+A1';
}

/** The index of the GWP to read (GWP-total before an A1 GWP), with its standard; null when there is none. */
export function pickGwp(candidates: GwpCandidate[]): { index: number; standard: Standard } | null {
  let found: { index: number; standard: Standard } | null = null;
  candidates.forEach((c, index) => {
    const standard = standardOf(c);
    if (!standard) return;
    if (!found || (found.standard === 'EN 15804+A1' && standard === 'EN 15804+A2')) found = { index, standard };
  });
  return found;
}

export const standardNote = (s: Standard): string =>
  s === 'EN 15804+A2' ? '按 EN 15804+A2 的 GWP-total 读取' : '按 EN 15804+A1 的 GWP 读取';

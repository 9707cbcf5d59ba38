// Issue 12 §4, issue 22 §5: suggesting factor-library materials for IFC material names (src/server/bim/match/) —
// names normalised, synonyms, the material taxonomy (family before grade), grades, pinyin, unit fit — and the bulk
// densities that let a volume meet a per-t factor. Candidates are the seed library (GB/T 51366 附录D and the
// supplement of issue 22 §6) plus a few rows a tenant might add.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIRM_AT } from '../../schemas/bimMatch';
import { loadSeedFactors } from '../../src/server/db/seed/factors';
import { bulkDensityFor, readBulkDensities } from '../../src/server/bim/match/bulkDensity';
import { applySynonyms, basic, foreignTerms, gradeOf, normaliseName, TAXONOMY } from '../../src/server/bim/match/names';
import { type Candidate, match, prepare, suggest } from '../../src/server/bim/match/suggest';
import { candidateFamily, classify, FAMILIES, materialFamily } from '../../src/server/bim/match/taxonomy';
import { quantityFor } from '../../src/server/bim/quantities';

const seed: Candidate[] = loadSeedFactors()
  .filter((f) => f.type === '建材')
  .map((f, i) => ({ id: i + 1, name: f.name, unit: f.unit, group: f.smallType }));
const tenant: Candidate[] = [
  { id: 1001, name: 'C35混凝土', unit: 'm3', group: '混凝土' },
  { id: 1002, name: '中空玻璃', unit: 'm2', group: '玻璃铝门窗' },
];
const library = [...seed, ...tenant];
const byName = (name: string) => library.find((c) => c.name === name)!.id;
const nameOf = (id: number) => library.find((c) => c.id === id)!.name;
const always = () => true;

describe('names', () => {
  it('normalises full-width text, prefixes, layer words, thicknesses and punctuation', () => {
    expect(normaliseName('Ｍ_Ｃｏｎｃｒｅｔｅ－Ｃ３０　200mm')).toBe('concrete c30');
    expect(normaliseName('核心层-混凝土C30（默认）')).toBe('混凝土c30');
    expect(normaliseName('Low-E玻璃 6+12A+6')).toBe('low e玻璃');
    expect(normaliseName('XYZ-001')).toBe('xyz');
  });

  it('applies the synonyms, English as whole words', () => {
    expect(applySynonyms(normaliseName('钢筋砼'))).toBe('钢筋混凝土');
    expect(applySynonyms(normaliseName('Mineral wool'))).toBe('矿物棉');
    expect(applySynonyms(normaliseName('Béton armé'))).toBe('混凝土'); // accents and case do not matter
    expect(applySynonyms(normaliseName('Hormigón'))).toBe('混凝土');
    expect(applySynonyms(normaliseName('Steel S355'))).toBe('钢s355');
    expect(applySynonyms(normaliseName('Steps'))).toBe('steps'); // not 'eps'
  });

  it('reads grades in Chinese designations', () => {
    expect(gradeOf('混凝土 C30')).toEqual(['C30']);
    expect(gradeOf('Concrete C30/37')).toEqual(['C35']); // EN cylinder/cube: the cube strength 37 → C35
    expect(gradeOf('Q345B')).toEqual(['Q355']); // GB/T 1591-2018
    expect(gradeOf('Steel S355')).toEqual(['Q355']);
    expect(gradeOf('STEEL/S235JR')).toEqual(['Q235']);
    expect(gradeOf('Metal - Steel - 345 MPa')).toEqual(['Q355']); // Revit: yield strength 345 MPa = Q345 → Q355
    expect(gradeOf('钢筋 HRB400E')).toEqual(['HRB400']);
    expect(gradeOf('MU10 砖 M7.5 砂浆')).toEqual(['MU10', 'M7.5']);
    expect(gradeOf('墙 200mm')).toEqual([]);
  });
});

describe('suggest', () => {
  it('混凝土 C30 → C30混凝土 first, confidently', () => {
    const [first, ...rest] = suggest('混凝土 C30', always, library);
    expect(first.factorId).toBe(byName('C30混凝土'));
    expect(first.confidence).toBeGreaterThanOrEqual(0.8);
    expect(first.reasons).toContain('强度等级一致（C30）');
    expect(rest.every((s) => s.confidence < first.confidence)).toBe(true);
  });

  it('砼C35 → concrete by the synonym, the grades ranked by their distance', () => {
    const s = suggest('砼C35', always, library);
    expect(s.map((x) => nameOf(x.factorId))).toEqual(['C35混凝土', 'C30混凝土', 'C50混凝土']);
    for (const x of s) expect(x.reasons).toContain('同义词：砼＝混凝土');
    expect(s[1].reasons).toContain('强度等级不同（C35≠C30）');
    expect(s[0].confidence).toBeGreaterThan(s[1].confidence);
    expect(s[1].confidence).toBeGreaterThan(s[2].confidence);
    // the seed alone (no C35): the nearer grade wins
    expect(nameOf(suggest('砼C35', always, seed)[0].factorId)).toBe('C30混凝土');
  });

  it('English, pinyin and rebar names', () => {
    const en = suggest('Concrete C30/37', always, seed);
    expect(nameOf(en[0].factorId)).toBe('C30混凝土');
    expect(en[0].reasons).toContain('同义词：concrete＝混凝土');

    const py = suggest('hunningtu', always, seed);
    expect(nameOf(py[0].factorId)).toMatch(/混凝土$/);
    expect(py[0].reasons).toContain('拼音相近');

    const rebar = suggest('Rebar HRB400', always, seed);
    expect(nameOf(rebar[0].factorId)).toBe('热轧碳钢钢筋');
    expect(rebar[0].reasons).toContain('同义词：rebar＝钢筋');

    expect(nameOf(suggest('M_Mineral wool 100mm', always, seed)[0].factorId)).toBe('岩棉板');
    expect(nameOf(suggest('XPS', always, seed)[0].factorId)).toBe('聚苯乙烯泡沫板');
    expect(nameOf(suggest('Steel S355', always, seed)[0].factorId)).toBe('普通碳钢（市场平均）');
  });

  it('a unit that cannot take the quantities ranks below, never above 0.3', () => {
    // glazing with an area only: a per-t factor cannot take it (no volume for a density), a per-m² one can
    const glazing = { name: 'Glass', elements: 12, volume: 0, area: 48.6, weight: 0, density: null };
    const fits = (c: Candidate) => {
      const r = quantityFor(glazing, c.unit, bulkDensityFor(c));
      return 'error' in r ? `需面积，因子单位 ${c.unit}` : true;
    };
    const s = suggest('Glass', fits, library);
    expect(nameOf(s[0].factorId)).toBe('中空玻璃');
    const flat = s.find((x) => nameOf(x.factorId) === '平板玻璃')!;
    expect(flat.confidence).toBeLessThanOrEqual(0.3);
    expect(flat.reasons).toContain('单位不匹配（需面积，因子单位 t）');
    // the same name with a fitting unit is far higher
    expect(suggest('Glass', always, library).find((x) => x.factorId === flat.factorId)!.confidence).toBeGreaterThan(0.6);
  });

  it('nonsense and noise alone suggest nothing', () => {
    expect(suggest('XYZ-001', always, library)).toEqual([]);
    expect(suggest('默认', always, library)).toEqual([]);
  });

  it('200 names × 2 000 candidates: every name answered from the shortlist', () => {
    const many: Candidate[] = Array.from({ length: 2000 }, (_, i) => {
      const r = seed[i % seed.length];
      return { ...r, id: i + 1, name: i < seed.length ? r.name : `${r.name}（供应商${Math.floor(i / seed.length)}）` };
    });
    const base = ['混凝土 C30', '砼C35', 'Concrete C30/37', 'hunningtu', 'Rebar HRB400', 'Steel S355', 'M_Concrete', '岩棉 100mm', 'XPS', 'Glass'];
    const names = Array.from({ length: 200 }, (_, i) => `${base[i % base.length]} 核心层 ${i}`);
    // (speed is not timed here: a unit test under a loaded machine measures the machine, not the matcher)
    const p = prepare(many);
    const out = names.map((n) => suggest(n, always, p));
    expect(out.filter((s) => s.length).length).toBe(200);
  });
});

describe('taxonomy', () => {
  it('materialFamily names the family and its Chinese label', () => {
    expect(materialFamily('加气混凝土砌块')).toEqual({ family: 'aerated', label: '加气混凝土砌块' });
    expect(materialFamily('Masonry - Concrete Masonry Units')).toEqual({ family: 'concreteBlock', label: '混凝土砌块' });
    expect(materialFamily('C30/37')).toEqual({ family: 'concrete', label: '混凝土' }); // Tekla: only the grade
    expect(materialFamily('S355J0')?.family).toBe('steel');
    expect(materialFamily('MU10')?.family).toBe('masonry');
    expect(materialFamily('Default Wall')).toBeNull();
  });

  it('the default names of Revit, ArchiCAD and Tekla and the five languages', () => {
    const f = (name: string) => classify(name)?.id ?? null;
    expect(['Concrete - Cast-in-Place Concrete', 'Beton - Struktur', 'Béton armé', 'Hormigón armado', '钢筋砼', 'CONCRETE/BETON'].map(f)).toEqual(Array(6).fill('concrete'));
    expect(['Metal - Steel - 345 MPa', 'Stahl', 'Acier', 'Acero estructural', 'STEEL/S235JR', 'Q355B'].map(f)).toEqual(Array(6).fill('steel'));
    expect(['Rigid insulation', 'Dämmung', 'Isolant', 'Aislamiento térmico', '保温层'].map(f)).toEqual(Array(5).fill('insulation'));
    expect(['Dämmung - Mineralwolle', 'Laine minérale', 'Lana mineral', '矿物棉'].map(f)).toEqual(Array(4).fill('mineralWool'));
    expect(['Leichtbeton', 'Béton léger', 'Hormigón ligero', '陶粒混凝土'].map(f)).toEqual(Array(4).fill('lightweightConcrete'));
    expect(['Ziegel', 'Brick, Common', 'Brique', 'Ladrillo macizo', '页岩实心砖'].map(f)).toEqual(Array(5).fill('firedBrick'));
    expect(['Putz', 'Plaster', 'Enduit', 'Enlucido - Blanco', '内墙抹灰'].map(f)).toEqual(Array(5).fill('plaster'));
    expect(['Gypsum Wall Board', 'Gipskartonplatte', 'Plaque de plâtre', 'Placa de yeso laminado', '纸面石膏板'].map(f)).toEqual(Array(5).fill('gypsumBoard'));
    expect(['Porenbeton', 'Béton cellulaire', 'Hormigón celular', 'AAC block', '蒸压加气混凝土砌块'].map(f)).toEqual(Array(5).fill('aerated'));
    expect(['Brettschichtholz', 'Glulam', 'Bois lamellé-collé', 'Madera laminada', 'GL24h'].map(f)).toEqual(Array(5).fill('glulam'));
    expect(['Concrete, Sand/Cement Screed', 'Estrich', 'Chape', 'Mortero', 'Masonry - Grout', 'M7.5'].map(f)).toEqual(Array(6).fill('mortar'));
    // the specific before the general
    expect(['Ceiling Tile', 'Ceramic Tile', 'Concrete, Precast', 'Roofing Felt', 'Roofing - EPDM Membrane', 'MISCELLANEOUS/PU', 'STEEL/NEOPRENE'].map(f)).toEqual([
      'ceilingTile', 'ceramicTile', 'precast', 'bitumenMembrane', 'syntheticMembrane', 'pu', 'rubber',
    ]);
  });

  it('every library row has a family, and its family word reads back as the family', () => {
    expect(seed.filter((c) => !candidateFamily(c)).map((c) => c.name)).toEqual([]);
    for (const f of TAXONOMY) expect(classify(f.word ?? f.label)?.id, f.id).toBe(f.id);
    // a family's Chinese terms are its own (no earlier family takes them)
    for (const f of TAXONOMY) for (const t of f.zh ?? []) expect(classify(t)?.id, `${f.id} ${t}`).toBe(f.id);
    expect(FAMILIES.filter((f) => f.standIn && !f.parent)).toEqual([]);
  });

  it('a word is either a family’s (taxonomy.json) or a finer rewrite (synonyms.json), never both', () => {
    const synonyms = JSON.parse(readFileSync(new URL('../../src/server/bim/match/synonyms.json', import.meta.url), 'utf8')) as { groups: { from: string[] }[] };
    const familyTerms = new Set(TAXONOMY.flatMap((f) => [...(f.zh ?? []), ...foreignTerms(f)]).map(basic));
    expect(synonyms.groups.flatMap((g) => g.from).filter((t) => familyTerms.has(basic(t)))).toEqual([]);
  });
});

describe('family before grade', () => {
  const names = (ifcName: string, lib: Candidate[] = library) => suggest(ifcName, always, lib).map((s) => nameOf(s.factorId));

  it('a block, a screed or a ceiling tile is never concrete or brick', () => {
    expect(names('Masonry - Concrete Block')).toEqual(['混凝土砌块（密实骨料）', '混凝土砌块（轻骨料）']);
    expect(names('Concrete Masonry Units _Low Density')).not.toContain('C30混凝土');
    expect(names('Concrete, Sand/Cement Screed')).toEqual(['水泥砂浆（1:4）']);
    expect(match('Ceiling Tile 600 x 600', always, library)).toMatchObject({ suggestions: [], note: '因子库暂无「矿棉吸声板」类材料的因子（吊顶板多为矿棉或玻纤吸声板，不是瓷砖）' });
    // the library has no aerated block: nothing, and why — never C30 (issue 22: a 46 % C30 was preselected)
    expect(match('加气混凝土砌块', always, library)).toMatchObject({ suggestions: [], note: '因子库暂无「加气混凝土砌块」类材料的因子' });
    expect(match('Air', always, library)).toMatchObject({ suggestions: [], note: '空气层不计材料碳排放' });
  });

  it('a generic name takes its kinds; a family the library lacks may be stood in for, never preselected', () => {
    const insulation = suggest('Rigid insulation', always, library);
    expect(insulation.map((s) => nameOf(s.factorId))).toEqual(['聚苯乙烯泡沫板', '岩棉板', '硬泡聚氨酯板']);
    expect(insulation[0].reasons).toContain('同类材料：保温材料（因子为其中的聚苯乙烯泡沫板）');
    const light = suggest('Leichtbeton', always, library);
    expect(nameOf(light[0].factorId)).toBe('C30混凝土');
    expect(light[0].confidence).toBeLessThan(CONFIRM_AT);
    expect(light[0].reasons).toContain('因子库暂无「轻骨料混凝土」的因子，按「混凝土」近似');
    expect(nameOf(suggest('Fiberglass Batt', always, library)[0].factorId)).toBe('岩棉板'); // glass wool ← mineral wool
  });

  it('grades decide within the family; a name that does not decide is not preselected', () => {
    const c = suggest('Concrete', always, library);
    expect(c.slice(0, 2).map((s) => nameOf(s.factorId))).toEqual(['C30混凝土', 'C50混凝土']);
    expect(c[0].confidence).toBeLessThan(CONFIRM_AT);
    expect(c[0].reasons).toContain('有同样相近的其他因子，请选择');
    const steel = suggest('Metal - Steel - 345 MPa', always, library);
    expect(nameOf(steel[0].factorId)).toBe('普通碳钢（市场平均）');
    expect(steel[0].reasons).toEqual(expect.arrayContaining(['同类材料：钢材', '市场平均值']));
    expect(names('Brick, Common')[0]).toBe('页岩实心砖（240mm×115mm×53mm）');
    expect(names('Ladrillo de cerámica hueco doble')).toEqual(expect.arrayContaining(['页岩空心砖（240mm×115mm×53mm）', '黏土空心砖（240mm×115mm×53mm）']));
  });
});

describe('bulk densities', () => {
  const rows = readBulkDensities();

  it('热轧碳钢H钢 → 钢 7.85 t/m³ from GB 50009 附录A', () => {
    expect(bulkDensityFor({ name: '热轧碳钢H钢', group: '钢铁' })).toEqual({ value: 7.85, source: 'GB 50009-2012 附录A 表A 第3项 钢 78.5 kN/m³' });
  });

  it('specific words before general ones; no number where none can be supported', () => {
    const v = (name: string, group?: string) => bulkDensityFor({ name, group })?.value ?? null;
    expect(v('钢筋砼')).toBe(2.5);
    expect(v('C30混凝土', '混凝土')).toBe(2.4);
    expect(v('螺旋埋弧焊管', '钢铁')).toBe(7.85); // by the group
    expect(v('钢化玻璃')).toBe(2.56);
    expect(v('炼钢生铁', '钢铁')).toBeNull(); // not steel, and the table has no pig iron
    expect(v('天然石膏', '水泥石灰石膏')).toBeNull();
    expect(v('硬泡聚氨酯板', '保温板材')).toBeNull();
    expect(v('电解铝（全国平均电网电力）', '玻璃铝门窗')).toBe(2.7);
    expect(v('无规共聚聚丙烯管（PPR）', '管材塑料')).toBeNull();
  });

  it('every number is its source kN/m³ ÷ 10 (the upper bound of a range)', () => {
    for (const r of rows.filter((x) => x.value !== null)) {
      expect(r.source, r.keyword).toMatch(/^(按 )?GB 50009-2012 附录A 表A 第\d+项 /);
      const m = r.source.match(/([\d.]+)(?:~([\d.]+))? kN\/m³/)!;
      expect(r.value, r.keyword).toBeCloseTo(Number(m[2] ?? m[1]) / 10, 6);
    }
  });

  it('every seed material counted in t or kg either gets a density or is a deliberate gap', () => {
    const perMass = seed.filter((c) => c.unit === 't' || c.unit === 'kg');
    const missing = perMass.filter((c) => !bulkDensityFor(c)).map((c) => c.name);
    expect(missing).toEqual([
      '消石灰（熟石灰、氢氧化钙）', '天然石膏', '炼钢生铁', '铸造生铁', '炼钢用铁合金（市场平均）', '硬泡聚氨酯板', '无规共聚聚丙烯管（PPR）', '聚乙烯管', '普通聚苯乙烯', '线性低密度聚乙烯', '高密度聚乙烯', '低密度聚乙烯',
      // the supplement: GB 50009 gives plywood and plasterboard only per m², and blocks differ too much
      '胶合板', '纸面石膏板', '混凝土砌块（密实骨料）', '混凝土砌块（轻骨料）',
    ]);
    // the supplement's timber, mortar, precast concrete and stones convert
    const v = (name: string) => bulkDensityFor(seed.find((c) => c.name === name)!)?.value;
    expect([v('针叶材锯材'), v('胶合木（Glulam）'), v('正交胶合木（CLT）'), v('水泥砂浆（1:4）'), v('预制混凝土（C40/50，不含钢筋）')]).toEqual([0.5, 0.5, 0.5, 2.0, 2.4]);
    expect([v('花岗岩（天然石材）'), v('石灰石（天然石材）'), v('砂岩（天然石材）')]).toEqual([2.8, 2.64, 2.36]);
  });
});

// Suggesting factor-library materials for IFC material names (src/server/imports/match/) —
// names normalised, synonyms, the material taxonomy (family before grade), grades, pinyin, unit fit — and the bulk
// densities that let a volume meet a per-t factor. Candidates are the seed library (GB/T 51366 附录D and the
// supplement, supplementary_materials.csv) plus a few rows a tenant might add.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIRM_AT } from '../../schemas/bimMatch';
import { loadSeedFactors } from '../../src/server/db/seed/factors';
import {
  bulkDensityFor,
  familyDensityFor,
  readBulkDensities,
  readFamilyDensities,
} from '../../src/server/imports/match/bulkDensity';
import { chineseSource } from '../../src/server/imports/match/candidates';
import {
  applySynonyms,
  basic,
  foreignTerms,
  gradeOf,
  normaliseName,
  TAXONOMY,
} from '../../src/server/imports/match/names';
import { type Candidate, match, prepare, suggest } from '../../src/server/imports/match/suggest';
import { candidateFamily, classify, FAMILIES, materialFamily } from '../../src/server/imports/match/taxonomy';
import { quantityFor } from '../../src/server/bim/quantities';
import { confirmedDensity } from '../../src/server/bim/suggestions';

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
    const s = suggest('Glass', fits, library, 5);
    // an insulating glass counted per m² (the tenant's 中空玻璃 or a seed one) comes first
    expect(nameOf(s[0].factorId)).toMatch(/^中空玻璃/);
    expect(library.find((c) => c.id === s[0].factorId)!.unit).toBe('m2');
    const flat = s.find((x) => nameOf(x.factorId) === '平板玻璃')!;
    expect(flat.confidence).toBeLessThanOrEqual(0.3);
    expect(flat.reasons).toContain('单位不匹配（需面积，因子单位 t）');
    // the same name with a fitting unit is far higher
    expect(suggest('Glass', always, library, 5).find((x) => x.factorId === flat.factorId)!.confidence).toBeGreaterThan(
      0.6,
    );
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
    const base = [
      '混凝土 C30',
      '砼C35',
      'Concrete C30/37',
      'hunningtu',
      'Rebar HRB400',
      'Steel S355',
      'M_Concrete',
      '岩棉 100mm',
      'XPS',
      'Glass',
    ];
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
    expect(materialFamily('Masonry - Concrete Masonry Units')).toEqual({
      family: 'concreteBlock',
      label: '混凝土砌块',
    });
    expect(materialFamily('C30/37')).toEqual({ family: 'concrete', label: '混凝土' }); // Tekla: only the grade
    expect(materialFamily('S355J0')?.family).toBe('steel');
    expect(materialFamily('MU10')?.family).toBe('masonry');
    expect(materialFamily('Default Wall')).toBeNull();
  });

  it('the default names of Revit, ArchiCAD and Tekla and the five languages', () => {
    const f = (name: string) => classify(name)?.id ?? null;
    expect(
      [
        'Concrete - Cast-in-Place Concrete',
        'Beton - Struktur',
        'Béton armé',
        'Hormigón armado',
        '钢筋砼',
        'CONCRETE/BETON',
      ].map(f),
    ).toEqual(Array(6).fill('concrete'));
    expect(['Metal - Steel - 345 MPa', 'Stahl', 'Acier', 'Acero estructural', 'STEEL/S235JR', 'Q355B'].map(f)).toEqual(
      Array(6).fill('steel'),
    );
    expect(['Rigid insulation', 'Dämmung', 'Isolant', 'Aislamiento térmico', '保温层'].map(f)).toEqual(
      Array(5).fill('insulation'),
    );
    expect(['Dämmung - Mineralwolle', 'Laine minérale', 'Lana mineral', '矿物棉'].map(f)).toEqual(
      Array(4).fill('mineralWool'),
    );
    expect(['Leichtbeton', 'Béton léger', 'Hormigón ligero', '陶粒混凝土'].map(f)).toEqual(
      Array(4).fill('lightweightConcrete'),
    );
    expect(['Ziegel', 'Brick, Common', 'Brique', 'Ladrillo macizo', '页岩实心砖'].map(f)).toEqual(
      Array(5).fill('firedBrick'),
    );
    expect(['Putz', 'Plaster', 'Enduit', 'Enlucido - Blanco', '内墙抹灰'].map(f)).toEqual(Array(5).fill('plaster'));
    expect(
      ['Gypsum Wall Board', 'Gipskartonplatte', 'Plaque de plâtre', 'Placa de yeso laminado', '纸面石膏板'].map(f),
    ).toEqual(Array(5).fill('gypsumBoard'));
    expect(['Porenbeton', 'Béton cellulaire', 'Hormigón celular', 'AAC block', '蒸压加气混凝土砌块'].map(f)).toEqual(
      Array(5).fill('aerated'),
    );
    expect(['Brettschichtholz', 'Glulam', 'Bois lamellé-collé', 'Madera laminada', 'GL24h'].map(f)).toEqual(
      Array(5).fill('glulam'),
    );
    expect(['Concrete, Sand/Cement Screed', 'Estrich', 'Chape', 'Mortero', 'Masonry - Grout', 'M7.5'].map(f)).toEqual(
      Array(6).fill('mortar'),
    );
    // the specific before the general
    expect(
      [
        'Ceiling Tile',
        'Ceramic Tile',
        'Concrete, Precast',
        'Roofing Felt',
        'Roofing - EPDM Membrane',
        'MISCELLANEOUS/PU',
        'STEEL/NEOPRENE',
      ].map(f),
    ).toEqual(['ceilingTile', 'ceramicTile', 'precast', 'bitumenMembrane', 'syntheticMembrane', 'pu', 'rubber']);
  });

  it('every library row has a family, and its family word reads back as the family', () => {
    expect(seed.filter((c) => !candidateFamily(c)).map((c) => c.name)).toEqual([]);
    for (const f of TAXONOMY) expect(classify(f.word ?? f.label)?.id, f.id).toBe(f.id);
    // a family's Chinese terms are its own (no earlier family takes them)
    for (const f of TAXONOMY) for (const t of f.zh ?? []) expect(classify(t)?.id, `${f.id} ${t}`).toBe(f.id);
    expect(FAMILIES.filter((f) => f.standIn && !f.parent)).toEqual([]);
  });

  it('a word is either a family’s (taxonomy.json) or a finer rewrite (synonyms.json), never both', () => {
    const synonyms = JSON.parse(
      readFileSync(new URL('../../src/server/imports/match/synonyms.json', import.meta.url), 'utf8'),
    ) as { groups: { from: string[] }[] };
    const familyTerms = new Set(TAXONOMY.flatMap((f) => [...(f.zh ?? []), ...foreignTerms(f)]).map(basic));
    expect(synonyms.groups.flatMap((g) => g.from).filter((t) => familyTerms.has(basic(t)))).toEqual([]);
  });
});

describe('family before grade', () => {
  const names = (ifcName: string, lib: Candidate[] = library) =>
    suggest(ifcName, always, lib).map((s) => nameOf(s.factorId));

  it('a block, a screed or a ceiling tile is never concrete or brick', () => {
    expect(names('Masonry - Concrete Block')).toEqual(['混凝土砌块（密实骨料）', '混凝土砌块（轻骨料）']);
    expect(names('Concrete Masonry Units _Low Density')).not.toContain('C30混凝土');
    expect(names('Concrete, Sand/Cement Screed')).toEqual(['水泥砂浆（1:4）']);
    expect(match('Ceiling Tile 600 x 600', always, library)).toMatchObject({
      suggestions: [],
      note: '因子库暂无「矿棉吸声板」类材料的因子（吊顶板多为矿棉或玻纤吸声板，不是瓷砖）',
    });
    // the library has no aerated block: nothing, and why — never C30 (a 46 % C30 was once preselected)
    expect(match('加气混凝土砌块', always, library)).toMatchObject({
      suggestions: [],
      note: '因子库暂无「加气混凝土砌块」类材料的因子',
    });
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
    expect(names('Ladrillo de cerámica hueco doble')).toEqual(
      expect.arrayContaining(['页岩空心砖（240mm×115mm×53mm）', '黏土空心砖（240mm×115mm×53mm）']),
    );
  });
});

describe('bulk densities', () => {
  const rows = readBulkDensities();

  it('热轧碳钢H钢 → 钢 7.85 t/m³ from GB 50009 附录A', () => {
    expect(bulkDensityFor({ name: '热轧碳钢H钢', group: '钢铁' })).toEqual({
      value: 7.85,
      source: 'GB 50009-2012 附录A 表A 第3项 钢 78.5 kN/m³',
    });
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
      '消石灰（熟石灰、氢氧化钙）',
      '天然石膏',
      '炼钢生铁',
      '铸造生铁',
      '炼钢用铁合金（市场平均）',
      '硬泡聚氨酯板',
      '无规共聚聚丙烯管（PPR）',
      '聚乙烯管',
      '普通聚苯乙烯',
      '线性低密度聚乙烯',
      '高密度聚乙烯',
      '低密度聚乙烯',
      // the supplement: GB 50009 gives plywood and plasterboard only per m², and blocks differ too much
      '胶合板',
      '纸面石膏板',
      '混凝土砌块（密实骨料）',
      '混凝土砌块（轻骨料）',
    ]);
    // the supplement's timber, mortar, precast concrete and stones convert
    const v = (name: string) => bulkDensityFor(seed.find((c) => c.name === name)!)?.value;
    expect([
      v('针叶材锯材'),
      v('胶合木（Glulam）'),
      v('正交胶合木（CLT）'),
      v('水泥砂浆（1:4）'),
      v('预制混凝土（C40/50，不含钢筋）'),
    ]).toEqual([0.5, 0.5, 0.5, 2.0, 2.4]);
    expect([v('花岗岩（天然石材）'), v('石灰石（天然石材）'), v('砂岩（天然石材）')]).toEqual([2.8, 2.64, 2.36]);
  });
});

describe('the leading word', () => {
  const f = (name: string) => classify(name)?.id ?? null;

  it('an insulation word wins over the polymer’s name: a foam board, not raw resin', () => {
    // 'Plastic' alone is the raw material (普通聚苯乙烯 per t at ≈ 1 t/m³); beside an insulation word it is the board
    expect(['Insulation - Plastic Hard', 'Plastic board', '塑料保温板'].map(f)).toEqual(Array(3).fill('polystyrene'));
    expect(['Plastic', '普通聚苯乙烯', 'STEEL/NEOPRENE'].map(f)).toEqual(['plastic', 'plastic', 'rubber']);
    expect(['PE foam board', 'Rubber insulation', '保温 聚乙烯'].map(f)).toEqual(Array(3).fill('insulation'));
    const s = suggest('Insulation - Plastic Hard', always, library);
    expect(nameOf(s[0].factorId)).toBe('聚苯乙烯泡沫板');
    expect(s.map((x) => nameOf(x.factorId))).not.toContain('普通聚苯乙烯');
    expect(s[0].reasons).toContain('名称含保温用语，按聚苯乙烯泡沫板而非塑料（原料）计');
  });

  it('batt and wool are fibrous insulation, never polystyrene', () => {
    expect(
      [
        'Batt Insulation',
        'Mineral wool',
        'Fiberglass Batt',
        'Glass wool',
        'Rock wool',
        'Steinwolle',
        'steenwol',
        'グラスウール',
        '암면',
      ].map(f),
    ).toEqual([
      'mineralWool',
      'mineralWool',
      'glassWool',
      'glassWool',
      'rockWool',
      'rockWool',
      'rockWool',
      'glassWool',
      'rockWool',
    ]);
    for (const name of ['Batt Insulation', 'Glass wool'])
      expect(
        suggest(name, always, library).map((x) => nameOf(x.factorId)),
        name,
      ).toEqual(['岩棉板']);
  });

  it('Japanese, Dutch and Korean names have their families; a Japanese term never rewrites a Chinese name', () => {
    expect(
      [
        'コンクリート',
        '鉄筋コンクリート',
        '軽量コンクリート',
        '鉄筋',
        'ステンレス',
        'ガラス',
        '複層ガラス',
        '断熱材',
        '石膏ボード',
        'モルタル',
        'タイル',
      ].map(f),
    ).toEqual([
      'concrete',
      'concrete',
      'lightweightConcrete',
      'rebar',
      'stainless',
      'glass',
      'insulatingGlass',
      'insulation',
      'gypsumBoard',
      'mortar',
      'ceramicTile',
    ]);
    expect(
      [
        'Kimmortel',
        'beton',
        'gewapend beton',
        'staal',
        'hout',
        'glas',
        'baksteen',
        'kalkzandsteen',
        'isolatie',
        'cellenbeton',
        'gipsplaat',
      ].map(f),
    ).toEqual([
      'mortar',
      'concrete',
      'concrete',
      'steel',
      'timber',
      'glass',
      'firedBrick',
      'autoclavedBrick',
      'insulation',
      'aerated',
      'gypsumBoard',
    ]);
    expect(
      ['콘크리트', '철근콘크리트', '철근', '유리', '단열재', '목재', '벽돌', '석고보드', '스테인리스'].map(f),
    ).toEqual([
      'concrete',
      'concrete',
      'rebar',
      'glass',
      'insulation',
      'timber',
      'firedBrick',
      'gypsumBoard',
      'stainless',
    ]);
    // (合板 is plywood in Japanese but inside 复合板 and 叠合板 in Chinese: only longer Japanese terms are used)
    expect(['铝塑复合板', '叠合板'].map(f)).toEqual(['compositePanel', 'precast']);
    // no Japanese or Korean term is inside a Chinese term or a library name, where it would rewrite it
    const chinese = [...seed.map((c) => `${c.name} ${c.group ?? ''}`), ...TAXONOMY.flatMap((x) => x.zh ?? [])];
    expect(
      TAXONOMY.flatMap((x) => [...(x.ja ?? []), ...(x.ko ?? [])]).filter((t) => chinese.some((n) => n.includes(t))),
    ).toEqual([]);
  });
});

describe('a Chinese source before a foreign one of the same family', () => {
  const ice = 'ICE v3.0（Circular Ecology / University of Bath，2019）Glass wool';
  const lib: Candidate[] = [
    { id: 1, name: '玻璃棉', unit: 't', group: '保温板材', source: ice },
    { id: 2, name: '玻璃棉板', unit: 't', group: '保温板材', source: '中国产品全生命周期温室气体排放系数集（2022）' },
    { id: 3, name: '岩棉板', unit: 't', group: '保温板材', source: 'GB/T 51366-2019 附录D' },
  ];

  it('reads the source’s start: a Chinese standard’s code or a Chinese name', () => {
    const yes = [
      'GB/T 51366-2019 附录D',
      '中国产品全生命周期温室气体排放系数集（2022）',
      '按 GB/T 51366-2019 附录D 平板玻璃 1130 kgCO2e/t 换算',
      'DB11/T 1860-2021',
      '广东省建筑碳排放计算导则',
    ];
    const no = [
      ice,
      'IStructE《How to calculate embodied carbon》第2版（2021）',
      'EPD International',
      '英国 ICE 数据库',
      '',
      null,
    ];
    expect(yes.map(chineseSource)).toEqual(Array(yes.length).fill(true));
    expect(no.map(chineseSource)).toEqual(Array(no.length).fill(false));
  });

  it('the Chinese factor first and preselectable, the foreign one kept below it and still offered', () => {
    // by name alone ICE's 玻璃棉 (1.0) beats 玻璃棉板 (0.85: containment 0.4 + 0.6 × 3/4)
    const s = suggest('Glass wool', always, lib);
    expect(s.map((x) => x.factorId)).toEqual([2, 1]);
    expect(s[0]).toMatchObject({ confidence: 0.85 });
    expect(s[0].reasons).toContain('国内数据，同类材料优先采用');
    expect(s[1]).toMatchObject({ confidence: 0.84 });
    expect(s[1].reasons).toContain('国外数据：同类材料已有国内数据，排在其后');
    // without a Chinese one of its family the foreign factor leads unmarked
    const alone = suggest(
      'Glass wool',
      always,
      lib.filter((c) => c.id !== 2),
    );
    expect(alone[0]).toMatchObject({ factorId: 1, confidence: 1 });
    expect(alone[0].reasons.join('；')).not.toMatch(/国外数据/);
  });
});

describe('a density for a volume, asked for with the family’s default', () => {
  const rows = readFamilyDensities();

  it('every default is its GB 50009 附录A entry, kN/m³ ÷ 10 (the upper bound of a range)', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r.source, r.family).toMatch(/^(按 )?GB 50009-2012 附录A 表A 第\d+项 /);
      const m = r.source.match(/([\d.]+)(?:~([\d.]+))? kN\/m³/)!;
      expect(r.value, r.family).toBeCloseTo(Number(m[2] ?? m[1]) / 10, 6);
      // a value taken from another entry than the family's own is derived (按 …), never shown as read
      expect(r.verification, r.family).toBe(r.source.startsWith('按 ') ? 'D' : 'V');
    }
  });

  it('concrete, lightweight concrete and blocks: the family’s default with its source', () => {
    const d = (name: string) => familyDensityFor(name);
    expect(d('Stahlbeton 65690')).toMatchObject({ family: 'concrete', value: 2.4, verification: 'V' });
    // 附录A has no 轻骨料混凝土: its 粉煤灰陶砾混凝土 19.5 kN/m³ → 1.95 t/m³, derived
    expect(d('Leichtbeton 102890359')).toMatchObject({
      family: 'lightweightConcrete',
      value: 1.95,
      verification: 'D',
      label: '轻骨料混凝土',
    });
    // 混凝土空心小砌块 11.8 kN/m³ → 1.18; 加气混凝土 5.5~7.5 → 0.75
    expect(d('Concrete Block')).toMatchObject({ family: 'concreteBlock', value: 1.18, verification: 'V' });
    expect(d('Masonry Block')?.value).toBe(1.18);
    expect(d('Porenbeton')).toMatchObject({ family: 'aerated', value: 0.75 });
    expect(d('Plasterboard')).toBeNull(); // 附录A gives plasterboard per m² only
    expect(d('XYZ-001')).toBeNull();
    // lightweight concrete is never taken silently as ordinary concrete's 2.4
    expect(bulkDensityFor({ name: '轻骨料混凝土' })).toBeNull();
    expect(bulkDensityFor({ name: '陶粒混凝土' })).toBeNull();
  });

  it('a per-t factor on a volume-only material asks for a density; the confirmed one converts, with its source', () => {
    const light = {
      name: 'Leichtbeton 102890359',
      elements: 13,
      volume: 54.4811,
      area: 190.4655,
      weight: 0,
      density: null,
    };
    expect(quantityFor(light, 't', null)).toEqual({
      error:
        '「Leichtbeton 102890359」只有体积，对应单位为「t」的因子需要「Leichtbeton 102890359」的密度(t/m³)，请填写或确认密度',
      needsDensity: true,
    });
    // the default confirmed: 54.4811 m³ × 1.95 t/m³ = 106.238145 t
    const byDefault = confirmedDensity(light.name, 1.95)!;
    expect(byDefault.source).toBe(
      '按 GB 50009-2012 附录A 表A 第6项 粉煤灰陶砾混凝土 19.5 kN/m³（轻骨料混凝土默认值，D，用户已确认）',
    );
    expect(quantityFor(light, 't', null, byDefault)).toMatchObject({
      quantity: expect.closeTo(106.238145, 9),
      basis: 'volumeByDensity',
      density: 1.95,
    });
    // the user's own: 54.4811 × 1.6 = 87.16976 t; per kg 87 169.76
    expect(quantityFor(light, 'kg', null, confirmedDensity(light.name, 1.6))).toMatchObject({
      quantity: expect.closeTo(87169.76, 6),
      densitySource: '用户填写',
    });
    // the confirmed density wins over the bulk table's (it was asked because the factor's material is not the model's)
    expect(quantityFor(light, 't', { value: 2.4, source: '表' }, byDefault)).toMatchObject({ density: 1.95 });
    expect(confirmedDensity(light.name, undefined)).toBeNull();
  });
});

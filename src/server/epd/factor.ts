// An EPD as a factor-library row: the A1–A3 GWP per declared unit is the 建材生产 factor, the declared unit its unit,
// and the EPD's own conversion data (mass per declared unit, gross density, thickness) the row's density and size —
// each with the unit it was given for. What makes it unusable (no declared unit, no A1–A3, a value no material
// has, a validity that has ended) is a refusal naming what is wrong; nothing is imported then.
import type { EpdData, EpdFactor } from '../../../schemas/epd';
import { epdExpired } from '../../../schemas/epd';
import { parseUnit } from '../../calc/unitParse';
import { shortNumber } from '../../calc/format';

/** The largest factor the library takes (tpf3BuildMaterial.materialCo). */
const MAX_FACTOR = 1e6;
const MASS_UNITS = new Set(['kg', 't']);

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);
const fmt = (v: number) => shortNumber(v);

/** The reasons this EPD cannot become a factor (empty: it can). */
export function epdRefusals(epd: EpdData, today: string): string[] {
  const out: string[] = [];
  if (!epd.declaredUnit || !(Number(epd.declaredAmount) > 0)) out.push('缺少声明单位：无法把用量换算到 EPD 的单位');
  else if (!parseUnit(epd.declaredUnit))
    out.push(`声明单位「${epd.declaredUnit}」无法识别：应为 kg、t、m3、m2、m 等可换算的单位`);
  if (epd.a1a3 === null || epd.a1a3 === undefined)
    out.push('缺少 A1–A3 的 GWP：文件既未声明 A1–A3，也未完整声明 A1、A2、A3');
  else if (epd.a1a3 < 0)
    out.push(
      `A1–A3 的 GWP 为负值（${fmt(epd.a1a3)}，含生物碳吸收）：建材生产因子不能为负，生物碳按 GB/T 51366 不在建材生产中抵扣`,
    );
  else if (epd.declaredAmount && epd.a1a3 / epd.declaredAmount > MAX_FACTOR)
    out.push(`A1–A3 的 GWP ${fmt(epd.a1a3)} 超出因子的范围（每单位不大于 ${fmt(MAX_FACTOR)} kgCO2e）`);
  if (epdExpired(epd, today)) out.push(`EPD 有效期已于 ${epd.validUntil} 结束：过期的 EPD 不能作为因子导入`);
  return out;
}

/**
 * The density the rows convert by, in the library's own terms (t per the unit it is given for): the mass per
 * declared unit for a product not declared by mass, else the gross density per m3.
 */
function densityOf(epd: EpdData, unit: string): Pick<EpdFactor, 'density' | 'densityUnit' | 'densitySource'> {
  const t = (kg: number) => Number((kg / 1000).toPrecision(6));
  if (!MASS_UNITS.has(unit) && epd.massPerUnit && epd.declaredAmount)
    return {
      density: t(epd.massPerUnit / epd.declaredAmount),
      densityUnit: `t/${unit}`,
      densitySource: 'EPD 每声明单位质量',
    };
  if (epd.density) return { density: t(epd.density), densityUnit: 't/m3', densitySource: 'EPD 毛密度' };
  return { density: null, densityUnit: null, densitySource: null };
}

/** The factor row an importable EPD becomes (call epdRefusals first). */
export function epdFactor(epd: EpdData): EpdFactor {
  const unit = String(epd.declaredUnit);
  const amount = Number(epd.declaredAmount);
  const perUnit = Number((Number(epd.a1a3) / amount).toPrecision(10));
  const thickness = unit === 'm2' && epd.thickness ? `${Number((epd.thickness * 1000).toPrecision(6))}` : null;
  const reg = epd.registrationNo ? `，注册编号 ${epd.registrationNo}` : '';
  const source = `EPD：${epd.operator ?? '项目运营方未注明'}${reg}${epd.manufacturer ? `，${epd.manufacturer}` : ''}`;
  const indicator = `${epd.standard ?? 'EN 15804'} ${epd.indicator ?? 'GWP'}`;
  const declared = `${fmt(amount)} ${unit}`;
  return {
    type: '建材',
    name: cut((epd.productName ?? '').trim() || '未命名 EPD 产品', 100),
    unit,
    materialCo: perUnit,
    coUnit: `kgCO2e/${unit}`,
    ...densityOf(epd, unit),
    pieceSize: thickness,
    quality: 'epd',
    epdNo: epd.registrationNo ? cut(epd.registrationNo, 100) : null,
    source: cut(source, 500),
    remarks: cut(
      `A1–A3（${indicator}，${epd.a1a3From === 'sum' ? 'A1+A2+A3 相加' : '声明值'}）${fmt(Number(epd.a1a3))} kgCO2e / ${declared}` +
        `${epd.validUntil ? `；有效期至 ${epd.validUntil}` : ''}${epd.pcr ? `；PCR：${epd.pcr}` : ''}`,
      500,
    ),
  };
}

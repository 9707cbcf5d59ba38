// The names and codes scripts/gen-cities.mjs matches its sources by: which echarts file draws each province, how a
// place's full name is shortened, and the counties and prefectures renamed or renumbered since the files were drawn.
// Tables and pure functions only, apart from the script that reads the packages and writes cities.json.

// echarts 4.9.0 map/json/province/<file>.json per province code prefix.
export const PROVINCE_FILES = {
  11: 'beijing',
  12: 'tianjin',
  13: 'hebei',
  14: 'shanxi',
  15: 'neimenggu',
  21: 'liaoning',
  22: 'jilin',
  23: 'heilongjiang',
  31: 'shanghai',
  32: 'jiangsu',
  33: 'zhejiang',
  34: 'anhui',
  35: 'fujian',
  36: 'jiangxi',
  37: 'shandong',
  41: 'henan',
  42: 'hubei',
  43: 'hunan',
  44: 'guangdong',
  45: 'guangxi',
  46: 'hainan',
  50: 'chongqing',
  51: 'sichuan',
  52: 'guizhou',
  53: 'yunnan',
  54: 'xizang',
  61: 'shanxi1',
  62: 'gansu',
  63: 'qinghai',
  64: 'ningxia',
  65: 'xinjiang',
  71: 'taiwan',
  81: 'xianggang',
  82: 'aomen',
};

const ETHNIC = [
  '朝鲜族',
  '土家族',
  '布依族',
  '哈尼族',
  '景颇族',
  '傈僳族',
  '蒙古族',
  '柯尔克孜',
  '哈萨克',
  '苗族',
  '藏族',
  '羌族',
  '彝族',
  '傣族',
  '白族',
  '壮族',
  '侗族',
  '回族',
  '黎族',
  '蒙古',
];
const ADMIN_SUFFIX = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|自治县|地区|林区|省|市|盟|县)$/;

/** 延边朝鲜族自治州 → 延边, 黔西南布依族苗族自治州 → 黔西南, 南京市 → 南京, 锡林郭勒盟 → 锡林郭勒. */
export function shortName(name) {
  let s = name.replace(ADMIN_SUFFIX, '');
  for (let changed = true; changed;) {
    changed = false;
    for (const e of ETHNIC) {
      if (s.endsWith(e) && s.length - e.length >= 2) {
        s = s.slice(0, -e.length);
        changed = true;
      }
    }
  }
  return s.length >= 2 ? s : name;
}

// Provinces whose echarts file is drawn by district rather than by city.
export const DISTRICT_FILES = new Set(['11', '12', '31', '50', '81', '82']);

/** A county-level name without its kind, so a renamed county still matches: 海门市 and 海门区 are 海门. */
export const countyName = (name) => (name ?? '').replace(/(自治县|自治旗|区|县|市|旗)$/, '');
/** Counties renamed one for one since the district files were drawn (民政部 announcements), old name → new. */
export const RENAMED = {
  滦县: '滦州市',
  任县: '任泽区',
  长治县: '上党区',
  大同县: '云州区',
  南郊区: '云冈区',
  九江县: '柴桑区',
  上饶县: '广信区',
  株洲县: '渌口区',
  宜宾县: '叙州区',
  盘县: '盘州市',
  彬县: '彬州市',
  芜湖县: '湾沚区',
};
/** Prefectures renumbered when they became cities since the district files were drawn: 那曲地区 → 那曲市. */
export const RECODED = { 542400: '540600' };
/** Development zones and 市辖区 are codes of area.json, not places on a map. */
export const NOT_A_PLACE = /市辖区|开发区|园区|新区|管理区|示范区|管委会|新城|风景名胜区|食品区/;

// The system dictionaries seeded on first start (sysDict). Values are strings; a dictionary may nest two
// levels of children (building-type tree, cities grouped by province). buildType and structureType use the
// Chinese name as the value, so a building stores readable text ('公共建筑/办公建筑', joined with '/' as the
// spec says) and the value never contains '/'. Cities come from ./data/cities.json (see ./data/README.md).
import { readFileSync } from 'node:fs';
import type { DictItem } from '../../../../schemas/resources/sysDict';
import { DATA_QUALITY, ENERGY_KINDS } from '../../../../schemas/factors/kinds';
import { BENCHMARK_METRICS } from '../../../../schemas/factors/tpf3Benchmark';
import { VERIFICATION_LABELS } from '../../../../schemas/factors/verification';

export type { DictItem };


export interface SeedDictionary {
  dictCode: string;
  dictName: string;
  items: DictItem[];
}

interface CityJson {
  code: string;
  name: string;
  lng: number;
  lat: number;
  pinyin: string;
}
export interface ProvinceJson extends CityJson {
  cities: CityJson[];
}

/** Provinces with their prefecture-level cities: GB/T 2260 codes, names, centre points (GCJ-02), pinyin. */
export function loadCities(): ProvinceJson[] {
  return JSON.parse(readFileSync(new URL('./data/cities.json', import.meta.url), 'utf8')) as ProvinceJson[];
}

/** [value, label] pairs → items. */
const pairs = (list: Array<[string, string]>): DictItem[] => list.map(([value, label]) => ({ value, label }));

/** Names → items whose value is the name itself, with optional children given the same way. */
type Tree = Array<string | [string, Tree]>;
function named(tree: Tree): DictItem[] {
  return tree.map((node) => {
    if (typeof node === 'string') return { value: node, label: node };
    const [name, children] = node;
    return children.length ? { value: name, label: name, children: named(children) } : { value: name, label: name };
  });
}

// Building types after GB 50352-2019 民用建筑设计统一标准 (居住/公共) and common industrial classes.
const buildTypes: Tree = [
  ['居住建筑', ['住宅', '公寓', '宿舍', '别墅', '其他居住建筑']],
  [
    '公共建筑',
    [
      ['办公建筑', ['行政办公', '商务办公', '综合办公']],
      ['商业建筑', ['商场', '超市', '商业综合体', '餐饮']],
      ['酒店建筑', ['酒店', '宾馆', '度假村']],
      ['教育建筑', ['幼儿园', '中小学', '高等院校', '职业学校']],
      ['医疗建筑', ['综合医院', '专科医院', '社区卫生服务中心', '疗养院']],
      ['文化建筑', ['图书馆', '博物馆', '展览馆', '剧院', '文化中心']],
      ['体育建筑', ['体育场', '体育馆', '游泳馆', '全民健身中心']],
      ['交通建筑', ['铁路客运站', '汽车客运站', '航站楼', '港口客运站', '城市轨道交通站']],
      ['科研建筑', ['实验楼', '研发中心']],
      ['养老建筑', ['养老院', '老年公寓', '日间照料中心']],
      ['金融建筑', ['银行', '证券交易']],
      ['通信建筑', ['数据中心', '通信机楼']],
      ['宗教建筑', []],
      ['其他公共建筑', []],
    ],
  ],
  ['工业建筑', ['单层厂房', '多层厂房', '仓库', '动力站房', '其他工业建筑']],
  ['农业建筑', ['温室', '畜禽舍', '农业仓储', '其他农业建筑']],
];

function cityItems(): DictItem[] {
  return loadCities().map((p) => ({
    value: p.code,
    label: p.name,
    lng: p.lng,
    lat: p.lat,
    pinyin: p.pinyin,
    children: p.cities.map((c) => ({ value: c.code, label: c.name, lng: c.lng, lat: c.lat, pinyin: c.pinyin })),
  }));
}

function buildSeedDictionaries(): SeedDictionary[] {
  return [
    { dictCode: 'buildType', dictName: '建筑类型', items: named(buildTypes) },
    {
      dictCode: 'structureType',
      dictName: '结构类型',
      items: named([
        '框架结构',
        '框架-剪力墙结构',
        '剪力墙结构',
        '框架-核心筒结构',
        '筒中筒结构',
        '砖混结构',
        '钢结构',
        '木结构',
        '装配式混凝土结构',
        '其他',
      ]),
    },
    { dictCode: 'useDateLimit', dictName: '设计使用年限', items: pairs([['5', '5年'], ['25', '25年'], ['50', '50年'], ['100', '100年']]) },
    {
      dictCode: 'userType',
      dictName: '用户类型',
      items: pairs([['1', '设计院'], ['2', '施工企业'], ['3', '地产企业'], ['4', '工程咨询'], ['5', '业主单位']]),
    },
    { dictCode: 'city', dictName: '城市', items: cityItems() },
    {
      dictCode: 'verification',
      dictName: '因子核实标记',
      items: pairs(Object.entries(VERIFICATION_LABELS)),
    },
    // issue 11: the energy of a row and the data-quality class of a factor or row (schemas/factors/kinds.ts)
    { dictCode: 'energyKind', dictName: '能源种类', items: pairs(ENERGY_KINDS.map(([v, l]) => [v, l])) },
    { dictCode: 'dataQuality', dictName: '数据质量', items: pairs(DATA_QUALITY.map(([v, l]) => [v, l])) },
    // issue 13: the metric of a reference line (schemas/factors/tpf3Benchmark.ts)
    { dictCode: 'benchmarkMetric', dictName: '参考值指标', items: pairs(BENCHMARK_METRICS.map(([v, l]) => [v, l])) },
    {
      // the tables of 参数表管理 (tpf3Lookup.table, schemas/factors/tpf3Lookup.ts LOOKUP_TABLES)
      dictCode: 'lookupTable',
      dictName: '参数表',
      items: pairs([
        ['shading', '外遮阳系数'],
        ['hvacSource', '冷热源能效'],
        ['heatRecovery', '热回收效率'],
        ['elevatorClass', '电梯能效等级'],
        ['elevatorUsage', '电梯使用强度'],
        ['pvModule', '光伏组件类型'],
        ['pvOrientation', '光伏朝向/倾角修正'],
        ['dhwHeater', '热水器类型效率'],
        ['windRoughness', '地面粗糙度'],
        ['constructionMachine', '施工机械台班能耗'],
        ['demolition', '拆除/建造估算参数'],
      ]),
    },
    { dictCode: 'status', dictName: '状态', items: pairs([['1', '启用'], ['0', '停用']]) },
    { dictCode: 'authFlag', dictName: '授权状态', items: pairs([['1', '正式'], ['0', '试用']]) },
    {
      dictCode: 'roleCode',
      dictName: '角色',
      items: pairs([['admin', '超级管理员'], ['groupAdmin', '集团管理员'], ['dataAdmin', '数据管理员']]),
    },
    {
      // 运行阶段的分项 (spec 000 §3 runtime parts); pv, sun and renew offset the energy they replace
      dictCode: 'runtimePart',
      dictName: '运行用能系统',
      items: pairs([
        ['airHot', '供暖'],
        ['airCool', '空调制冷'],
        ['wpCool', '冷却水泵及冷却塔'],
        ['fan', '通风机'],
        ['hotWater', '生活热水'],
        ['sun', '太阳能热水'],
        ['light', '照明'],
        ['elevator', '电梯'],
        ['pv', '光伏发电'],
        ['renew', '其他可再生能源'],
        ['gas', '燃气'],
        ['water', '日常用水'],
        ['app', '设备及插座'],
      ]),
    },
    { dictCode: 'projectStatus', dictName: '项目状态', items: pairs([['0', '未完成'], ['1', '已完成']]) },
    { dictCode: 'readFlag', dictName: '已读状态', items: pairs([['0', '未读'], ['1', '已读']]) },
    { dictCode: 'feedbackStatus', dictName: '反馈处理状态', items: pairs([['0', '待处理'], ['1', '已处理']]) },
    { dictCode: 'feedbackType', dictName: '反馈类型', items: pairs([['1', '功能建议'], ['2', '问题报告'], ['3', '数据问题'], ['4', '其他']]) },
    {
      dictCode: 'notifyKind',
      dictName: '通知类型',
      items: pairs([['collaborator', '协作邀请'], ['import', '导入结果'], ['factor', '因子变更'], ['feedback', '反馈回复'], ['notice', '通知公告']]),
    },
    {
      dictCode: 'standard',
      dictName: '计算标准',
      items: pairs([
        ['GB', '国家标准GB/T 51366-2019'],
        ['JS-STD', '江苏省标准'],
        ['JS', '江苏省导则'],
        ['ZQYJG', '征求意见稿'],
      ]),
    },
    {
      dictCode: 'computeMethod',
      dictName: '计算方式',
      items: pairs([['estimate', '估算'], ['budget', '概预算'], ['accounting', '核算']]),
    },
  ];
}

export const seedDictionaries: SeedDictionary[] = buildSeedDictionaries();

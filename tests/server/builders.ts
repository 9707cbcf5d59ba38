// Builders for valid request bodies; a test overrides only what it is about.
import type { TestApp } from './helpers';
export const ENG = '/api/tpf/v1/tpf/tpf3Engineering';
export const PROJECT = '/api/tpf/v1/tpf/tpf3Project';
export const PROJECT_V = '/api/tpf/v1/tpf/tpf3ProjectV';
export const EXTEND = '/api/tpf/v1/tpf/tpf3ProjectExtend';

export function engineeringBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '江北新区人才公寓',
    code: 'JB-2026-01',
    buildOrg: '南京江北建设集团',
    designOrg: '东南大学建筑设计研究院',
    buildArea: 52000,
    site: '南京市',
    remarks: '江苏省南京市浦口区',
    latLng: '118.780000,32.040000',
    ...over,
  };
}

export function buildingBody(engineeringId: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    engineeringId,
    computeMethod: 'budget',
    standard: 'GB',
    stage: '施工图设计',
    name: '1号楼',
    code: 'B1',
    site: '南京市',
    buildType: '居住建筑/住宅',
    structureType: '剪力墙结构',
    useDateLimit: 50,
    buildArea: 12000.5,
    height: 54.3,
    floorUp: 18,
    floorDown: 1,
    latLng: '118.780000,32.040000',
    buildOrg: '南京江北建设集团',
    designOrg: '东南大学建筑设计研究院',
    menus: 'produce,trans,build,remove,runtime,waste,green',
    ...over,
  };
}

/** A seeded library factor by name (and spec), as a user finds it through the list. */
export async function libraryFactor(
  t: TestApp,
  token: string,
  name: string,
  spec = '',
): Promise<{ id: number; name: string; spec: string } & Record<string, unknown>> {
  const r = await t.call(
    'GET',
    `/api/tpf/v1/tpf/tpf3BuildMaterial/?pageSize=-1&name=${encodeURIComponent(name)}`,
    token,
  );
  return r.body.data.dataList.find(
    (f: { name: string; spec: string }) => f.name === name && (!spec || f.spec === spec),
  );
}

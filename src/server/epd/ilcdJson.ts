// ILCD+EPD as soda4LCA serves it as JSON (?format=json&view=extended): the XML's model with multi-language texts
// as [{value, lang}], the EPD extension as `other.anies[]` ({module, scenario, value} with values as text or
// number) and, in the extended view, the reference flow's properties inside the exchange.
import { isoDate, yearOf } from './dates';
import type { IlcdFlow, IlcdFlowProperty, IlcdProcess, IlcdRef, IlcdResult, LangText } from './ilcdModel';
import type { RawValue } from './modules';
import { numberOf } from './units';

type Obj = Record<string, unknown>;

const obj = (x: unknown): Obj | undefined => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Obj) : undefined);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x]);
const str = (x: unknown): string | null =>
  typeof x === 'string' ? x.trim() || null : typeof x === 'number' ? String(x) : null;

/** Down a path of keys; undefined as soon as one is missing. */
export function get(x: unknown, ...path: string[]): unknown {
  let cur = x;
  for (const key of path) cur = obj(cur)?.[key];
  return cur;
}

function langTexts(x: unknown): LangText[] {
  if (typeof x === 'string') return x.trim() ? [{ lang: null, value: x.trim() }] : [];
  return list(x)
    .map((t) => ({ lang: str(obj(t)?.lang), value: str(obj(t)?.value) ?? '' }))
    .filter((t) => t.value);
}

function ref(x: unknown): IlcdRef | null {
  const o = obj(Array.isArray(x) ? x[0] : x);
  if (!o) return null;
  return { uuid: str(o.refObjectId) ?? str(get(o, 'uuid', 'uuid')), names: langTexts(o.shortDescription) };
}

/** The `other.anies` entry of that name (publicationDateOfEPD, referenceToPublisher …). */
const anyNamed = (other: unknown, name: string): unknown =>
  obj(list(get(other, 'anies')).find((a) => obj(a)?.name === name))?.value;

function result(x: unknown): IlcdResult {
  const anies = list(get(x, 'other', 'anies')).map(obj);
  const values: RawValue[] = anies
    .filter((a): a is Obj => !!a && typeof a.module === 'string')
    .map((a) => ({ module: a.module as string, scenario: str(a.scenario), value: numberOf(a.value) }));
  const unitRef = anyNamed(get(x, 'other'), 'referenceToUnitGroupDataSet');
  return {
    method: ref(get(x, 'referenceToLCIAMethodDataSet')) ?? { uuid: null, names: [] },
    unit: langTexts(get(unitRef, 'shortDescription'))[0]?.value ?? null,
    values,
  };
}

/** The extended view's flow properties and material properties of the reference exchange. */
function embeddedFlow(exchange: Obj, uuid: string | null, file: string): IlcdFlow | null {
  const props = list(exchange.flowProperties)
    .map(obj)
    .filter((p): p is Obj => !!p);
  if (!props.length) return null;
  const properties: IlcdFlowProperty[] = props.map((p) => ({
    uuid: str(p.uuid),
    names: langTexts(p.name).map((n) => n.value),
    meanValue: numberOf(p.meanValue),
    reference: p.referenceFlowProperty === true,
    unit: str(p.referenceUnit),
  }));
  const materials = list(exchange.materialProperties)
    .map(obj)
    .filter((m): m is Obj => !!m && typeof m.name === 'string')
    .map((m) => ({ name: m.name as string, value: numberOf(m.value), unit: str(m.unit) }));
  return { uuid, file, properties, materials };
}

export function processFromJson(doc: Obj, file: string): IlcdProcess {
  const info = get(doc, 'processInformation');
  const dsi = get(info, 'dataSetInformation');
  const time = get(info, 'time');
  const method = get(doc, 'modellingAndValidation', 'LCIMethodAndAllocation');
  const pub = get(doc, 'administrativeInformation', 'publicationAndOwnership');
  const results = list(get(doc, 'LCIAResults', 'LCIAResult')).map(result);
  const refIds = list(get(info, 'quantitativeReference', 'referenceToReferenceFlow')).map(str);
  const exchanges = list(get(doc, 'exchanges', 'exchange'))
    .map(obj)
    .filter((e): e is Obj => !!e);
  const refExchange =
    exchanges.find((e) => refIds.includes(str(e.dataSetInternalID))) ?? exchanges.find((e) => e.referenceFlow === true);
  const flowRef = refExchange ? ref(refExchange.referenceToFlowDataSet) : null;
  return {
    uuid: str(get(dsi, 'UUID')),
    names: langTexts(get(dsi, 'name', 'baseName')),
    isEpd: str(get(method, 'typeOfDataSet')) === 'EPD' || results.some((r) => r.values.length > 0),
    owner: ref(get(pub, 'referenceToOwnershipOfDataSet')),
    pcrs: list(get(method, 'referenceToLCAMethodDetails'))
      .map(ref)
      .filter((r): r is IlcdRef => !!r),
    registrationAuthority: ref(get(pub, 'referenceToRegistrationAuthority')),
    publisher: ref(anyNamed(get(pub, 'other'), 'referenceToPublisher')),
    registrationNo: str(get(pub, 'registrationNumber')),
    issued: isoDate(anyNamed(get(time, 'other'), 'publicationDateOfEPD')),
    validUntil: isoDate(get(time, 'dataSetValidUntil'), true),
    expiration: isoDate(anyNamed(get(time, 'other'), 'expirationDateOfEPD')),
    referenceYear: yearOf(get(time, 'referenceYear')),
    reference:
      refExchange && flowRef
        ? {
            flow: flowRef,
            amount: numberOf(refExchange.meanAmount) ?? numberOf(refExchange.resultingAmount),
            resulting: numberOf(refExchange.resultingflowAmount),
            embedded: embeddedFlow(refExchange, flowRef.uuid, file),
          }
        : null,
    results,
  };
}

/** An ILCD flow data set in the JSON form (the flow file next to a process). */
export function flowFromJson(doc: Obj, file: string): IlcdFlow {
  const info = get(doc, 'flowInformation');
  const refId = str(get(info, 'quantitativeReference', 'referenceToReferenceFlowProperty'));
  const properties = list(get(doc, 'flowProperties', 'flowProperty'))
    .map(obj)
    .filter((p): p is Obj => !!p)
    .map((p) => {
      const r = ref(p.referenceToFlowPropertyDataSet);
      return {
        uuid: r?.uuid ?? null,
        names: r?.names.map((n) => n.value) ?? [],
        meanValue: numberOf(p.meanValue),
        reference: refId !== null && str(p.dataSetInternalID) === refId,
        unit: null,
      };
    });
  return { uuid: str(get(info, 'dataSetInformation', 'UUID')), file, properties, materials: [] };
}

// ILCD+EPD XML (ÖKOBAUDAT, ECO Platform, soda4LCA exports): a processDataSet with the EPD extension's
// `epd:amount epd:module=… epd:scenario=…`, and a flowDataSet whose flow properties define the declared unit.
// Elements are found by local name, so any prefix (or none) and either extension namespace reads the same.
import { isoDate, yearOf } from './dates';
import type { IlcdFlow, IlcdMaterialProperty, IlcdProcess, IlcdRef, IlcdResult, LangText } from './ilcdModel';
import type { RawValue } from './modules';
import { numberOf } from './units';
import { at, descendants, kid, kids, textOf, type XmlEl } from './xml';

const langTexts = (els: XmlEl[]): LangText[] =>
  els.map((e) => ({ lang: e.attrs.lang ?? null, value: e.text.trim() })).filter((t) => t.value);

const ref = (el: XmlEl | undefined): IlcdRef | null =>
  el ? { uuid: el.attrs.refObjectId ?? null, names: langTexts(kids(el, 'shortDescription')) } : null;

const num = (el: XmlEl | undefined): number | null => numberOf(textOf(el));

function result(el: XmlEl): IlcdResult {
  const values: RawValue[] = descendants(el, 'amount')
    .filter((a) => a.attrs.module)
    .map((a) => ({ module: a.attrs.module, scenario: a.attrs.scenario ?? null, value: numberOf(a.text) }));
  const unitRef = descendants(el, 'referenceToUnitGroupDataSet')[0];
  const units = unitRef ? langTexts(kids(unitRef, 'shortDescription')) : [];
  return {
    method: ref(kid(el, 'referenceToLCIAMethodDataSet')) ?? { uuid: null, names: [] },
    unit: units[0]?.value ?? null,
    values,
  };
}

export function processFromXml(root: XmlEl): IlcdProcess {
  const info = kid(root, 'processInformation');
  const dsi = kid(info, 'dataSetInformation');
  const time = kid(info, 'time');
  const method = at(root, 'modellingAndValidation', 'LCIMethodAndAllocation');
  const pub = at(root, 'administrativeInformation', 'publicationAndOwnership');
  const results = kids(kid(root, 'LCIAResults'), 'LCIAResult').map(result);
  const refIds = kids(kid(info, 'quantitativeReference'), 'referenceToReferenceFlow').map((e) => e.text.trim());
  const exchanges = kids(kid(root, 'exchanges'), 'exchange');
  // without a matching internal ID, the exchange that carries no indicator values is the product flow
  const refExchange =
    exchanges.find((e) => refIds.includes(e.attrs.dataSetInternalID ?? '')) ??
    (refIds.length ? undefined : exchanges.find((e) => !descendants(e, 'amount').some((a) => a.attrs.module)));
  const flowRef = ref(kid(refExchange, 'referenceToFlowDataSet'));
  const moduleAmounts = descendants(kid(root, 'exchanges'), 'amount').some((a) => a.attrs.module);
  return {
    uuid: textOf(kid(dsi, 'UUID')),
    names: langTexts(kids(kid(dsi, 'name'), 'baseName')),
    isEpd: textOf(kid(method, 'typeOfDataSet')) === 'EPD' || results.some((r) => r.values.length > 0) || moduleAmounts,
    owner: ref(kid(pub, 'referenceToOwnershipOfDataSet')),
    pcrs: kids(method, 'referenceToLCAMethodDetails').map((e) => ref(e)!),
    registrationAuthority: ref(kid(pub, 'referenceToRegistrationAuthority')),
    publisher: ref(descendants(pub, 'referenceToPublisher')[0]),
    registrationNo: textOf(kid(pub, 'registrationNumber')),
    issued: isoDate(textOf(descendants(time, 'publicationDateOfEPD')[0])),
    validUntil: isoDate(textOf(kid(time, 'dataSetValidUntil')), true),
    expiration: isoDate(textOf(descendants(time, 'expirationDateOfEPD')[0])),
    referenceYear: yearOf(textOf(kid(time, 'referenceYear'))),
    reference:
      refExchange && flowRef
        ? {
            flow: flowRef,
            amount: num(kid(refExchange, 'meanAmount')) ?? num(kid(refExchange, 'resultingAmount')),
            resulting: null,
            embedded: null,
          }
        : null,
    results,
  };
}

/** MatML's properties (gross density, layer thickness, grammage …): data by property id, names and units apart. */
function matml(dsi: XmlEl | undefined): IlcdMaterialProperty[] {
  const out: IlcdMaterialProperty[] = [];
  for (const doc of descendants(dsi, 'MatML_Doc')) {
    const details = new Map<string, { name: string; unit: string | null }>();
    for (const d of descendants(doc, 'PropertyDetails')) {
      const units = kid(d, 'Units');
      const unit = units?.attrs.name ?? textOf(at(units, 'Unit', 'Name'));
      details.set(d.attrs.id ?? '', { name: textOf(kid(d, 'Name')) ?? '', unit: unit ?? null });
    }
    for (const p of descendants(doc, 'PropertyData')) {
      const d = details.get(p.attrs.property ?? '');
      if (d?.name) out.push({ name: d.name, value: num(kid(p, 'Data')), unit: d.unit });
    }
  }
  return out;
}

export function flowFromXml(root: XmlEl, file: string): IlcdFlow {
  const info = kid(root, 'flowInformation');
  const dsi = kid(info, 'dataSetInformation');
  const refId = textOf(at(info, 'quantitativeReference', 'referenceToReferenceFlowProperty'));
  const properties = kids(kid(root, 'flowProperties'), 'flowProperty').map((p) => {
    const r = ref(kid(p, 'referenceToFlowPropertyDataSet'));
    return {
      uuid: r?.uuid ?? null,
      names: r?.names.map((n) => n.value) ?? [],
      meanValue: num(kid(p, 'meanValue')),
      reference: refId !== null && p.attrs.dataSetInternalID === refId,
      unit: null,
    };
  });
  return { uuid: textOf(kid(dsi, 'UUID')), file, properties, materials: matml(dsi) };
}

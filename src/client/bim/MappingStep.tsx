// The mapping step of a parsed model: the rows' state (mapping.ts), the server's check when the user picks a
// factor the suggestions did not carry a quantity for, or confirms a density (POST bim/{jobId}/check), the mapping
// table and, under it,
// the import card with the confirmed rows. Mounted once per job (key = jobId), so paging the problem list does
// not reset what the user mapped.
import { useRef, useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { errorMessage } from '../admin/useConfirmedAction';
import type { BuildingRecord } from '../buildings/buildingApi';
import { checkMapping, type BimMaterial } from './bimApi';
import { ImportCard } from './ImportCard';
import { MappingTable } from './MappingTable';
import {
  canConfirm,
  importMappings,
  initialRows,
  needsCheck,
  withCheck,
  withChoice,
  withConfirmed,
  withDensity,
  withDensityEdit,
  type MapChoice,
  type MappingRow,
} from './mapping';

export interface MappingStepProps {
  jobId: number;
  building: BuildingRecord;
  materials: BimMaterial[];
}

export const MappingStep = ({ jobId, building, materials }: MappingStepProps) => {
  const [rows, setRows] = useState<MappingRow[]>(() => initialRows(materials));
  const [importing, setImporting] = useState(false);
  const checks = useRef(new Map<string, AbortController>());

  const update = (name: string, change: (row: MappingRow) => MappingRow) =>
    setRows((all) => all.map((r) => (r.material.name === name ? change(r) : r)));

  const check = (name: string, factorId: number, density?: number) => {
    checks.current.get(name)?.abort();
    const ctrl = new AbortController();
    checks.current.set(name, ctrl);
    checkMapping(jobId, name, factorId, ctrl.signal, density)
      .then((answer) => update(name, (r) => withCheck(r, factorId, answer)))
      .catch((err) => {
        if (!ctrl.signal.aborted) update(name, (r) => withCheck(r, factorId, { error: errorMessage(err) }));
      });
  };

  const pick = (index: number, choice: MapChoice | null) => {
    const name = rows[index].material.name;
    const next = withChoice(rows[index], choice);
    update(name, () => next);
    checks.current.get(name)?.abort();
    if (next.choice && needsCheck(next.choice)) check(name, next.choice.factorId);
  };

  const confirmDensity = (index: number, density: number) => {
    const row = rows[index];
    if (!row.choice) return;
    update(row.material.name, (r) => withDensity(r, density));
    check(row.material.name, row.choice.factorId, density);
  };

  const mappings = importMappings(rows);
  const unmapped = rows.length - mappings.length;
  const mapped = new Set(mappings.map((m) => m.ifcMaterial));
  const review = materials
    .filter((m) => mapped.has(m.name) && (m.review ?? 0) > 0)
    .map((m) => ({ material: m.name, count: m.review! }));
  return (
    <>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            材料映射
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            为每种 IFC 材料选择因子库中的建材；已保存的映射和匹配度不低于 80%
            的推荐已自动确认；其余已识别类别的材料已预选同类推荐，请核对后勾选确认。只导入已确认的材料，确认的映射和密度会保存，下次导入时优先推荐。
          </Typography>
          <MappingTable
            rows={rows}
            disabled={importing}
            onPick={pick}
            onDensity={confirmDensity}
            onEditDensity={(i) => update(rows[i].material.name, withDensityEdit)}
            onConfirm={(i, on) => update(rows[i].material.name, (r) => withConfirmed(r, on))}
            onConfirmAll={(on) => setRows((all) => all.map((r) => withConfirmed(r, on)))}
          />
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="bim-mapping-count">
            已确认 {mappings.length} / {rows.length} 种材料
            {unmapped > 0 ? `，${unmapped} 种未确认或未对应的材料不导入` : ''}
            {rows.some((r) => !canConfirm(r) && r.choice && r.checking) ? '（正在校验…）' : ''}
          </Typography>
        </CardContent>
      </Card>
      <ImportCard jobId={jobId} building={building} mappings={mappings} review={review} onBusy={setImporting} />
    </>
  );
};

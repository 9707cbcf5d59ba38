// The mapping step of a read bill: the choices, the factors picked from the library and the 附录C rows picked for
// machines (selection.ts), the items shown by class and a page at a time (a bill of thousands of lines stays quick),
// as a table or, on a phone, as cards; above them how the building counts 建筑建造 (only that kind of item is
// preselected and importable); under them the import card with the chosen items. Mounted once per job (key = jobId).
import { useMemo, useState } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { usePhone } from '../admin/RecordCards';
import type { BuildingRecord } from '../buildings/buildingApi';
import { formatCount } from '../jobs/JobProgress';
import type { BudgetBuildMethod, BudgetClass, BudgetItemAnswer, BudgetMachineAnswer } from './budgetApi';
import type { BudgetReviewProblem } from '../../../schemas/budget';
import { ImportCard } from './ImportCard';
import { MappingCards } from './MappingCards';
import { MappingTable } from './MappingTable';
import { useLocalPage } from './LocalPager';
import {
  addPicked,
  importMappings,
  initialChoices,
  pick,
  pickMachine,
  withMachines,
  withPicked,
  type Choices,
  type MachinePicks,
  type Picked,
} from './selection';
import { buildMethodText, CLASS_LABELS, CLASS_ORDER } from './texts';

const PAGE_SIZES = [20, 50, 100];
type Filter = BudgetClass | 'all' | 'unchosen';

export interface MappingStepProps {
  jobId: number;
  building: BuildingRecord;
  items: BudgetItemAnswer[];
  /** the pre-flight's 待确认问题: importing any of their items asks for confirmation */
  review?: readonly BudgetReviewProblem[];
  /** the 表C.0.1 rows the machine items may take */
  machines?: readonly BudgetMachineAnswer[];
  /** how the building counts 建筑建造 */
  buildMethod?: BudgetBuildMethod;
}

export const MappingStep = ({
  jobId,
  building,
  items: proposed,
  review = [],
  machines = [],
  buildMethod,
}: MappingStepProps) => {
  const phone = usePhone();
  const [choices, setChoices] = useState<Choices>(() => initialChoices(proposed, buildMethod));
  const [picked, setPicked] = useState<Picked>({});
  const [machinePicks, setMachinePicks] = useState<MachinePicks>({});
  const rows = useMemo(() => new Map(machines.map((m) => [m.lookupId, m])), [machines]);
  const items = useMemo(
    () => withPicked(withMachines(proposed, machinePicks, rows), picked),
    [proposed, machinePicks, rows, picked],
  );
  const [filter, setFilter] = useState<Filter>('all');
  const [importing, setImporting] = useState(false);

  const mappings = importMappings(items, choices);
  const mappedKeys = new Set(mappings.map((m) => m.key));
  const open = review.filter((p) => p.keys.some((k) => mappedKeys.has(k)));
  const shown = items.filter(
    (i) => filter === 'all' || (filter === 'unchosen' ? choices[i.key] == null : i.cls === filter),
  );
  const { shown: visible, pager, toFirst } = useLocalPage(shown, PAGE_SIZES, PAGE_SIZES[1]);
  const filters: [Filter, string, number][] = [
    ['all', '全部', items.length],
    ...CLASS_ORDER.map((c): [Filter, string, number] => [
      c,
      CLASS_LABELS[c],
      items.filter((i) => i.cls === c).length,
    ]).filter(([, , n]) => n > 0),
    ['unchosen', '未选择', items.length - mappings.length],
  ];
  const View = phone ? MappingCards : MappingTable;
  return (
    <>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            清单映射
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            为每一项选择对应的因子：材料进入建材生产（及建材运输），能源及水、机械台班进入建筑建造。已保存的选择和匹配度不低于
            80% 的推荐已预先选中，机械台班还须附录C 中的机械与规格相同（可改选附录C
            中的机械）；无法换算单位的推荐不可选；未选择的项不导入。
          </Typography>
          {buildMethod && (
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="bill-build-method">
              {buildMethodText(buildMethod)}
            </Typography>
          )}
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', mb: 1.5 }}
            role="group"
            aria-label="按类别筛选"
          >
            {filters.map(([f, label, n]) => (
              <Chip
                key={f}
                label={`${label} ${formatCount(n)}`}
                color={filter === f ? 'primary' : 'default'}
                variant={filter === f ? 'filled' : 'outlined'}
                onClick={() => {
                  setFilter(f);
                  toFirst();
                }}
                aria-pressed={filter === f}
              />
            ))}
          </Stack>
          <View
            jobId={jobId}
            items={visible}
            choices={choices}
            disabled={importing}
            onPick={(item, index) => setChoices((c) => pick(c, item, index, buildMethod))}
            machines={rows}
            method={buildMethod}
            onMachine={(item, row) => {
              const next = pickMachine(machinePicks, choices, item, row, buildMethod);
              setMachinePicks(next.picks);
              setChoices(next.choices);
            }}
            onFound={(item, s) => {
              const next = addPicked(picked, choices, item, s);
              setPicked(next.picked);
              setChoices(next.choices);
            }}
          />
          {pager}
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" data-testid="bill-mapping-count">
              已选择 {formatCount(mappings.length)} / {formatCount(items.length)} 项
              {items.length > mappings.length
                ? `，${formatCount(items.length - mappings.length)} 项未选择，不导入`
                : ''}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      <ImportCard
        jobId={jobId}
        building={building}
        mappings={mappings}
        total={items.length}
        review={open}
        onBusy={setImporting}
      />
    </>
  );
};

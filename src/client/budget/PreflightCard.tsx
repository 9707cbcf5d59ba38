// The pre-flight of a read bill, before anything is saved: the lines and merged items per class, the
// lines without a quantity, with 0, priced in money (元), the duplicates merged, the problems and the 待确认问题
// (highlighted when any); how many items open with their factor chosen and their share of the estimated 建材生产
// (server: budget/coverage.ts); the sheets read and passed over, the rows skipped, the units seen; 导出预检报告 (GET
// budgetBill/{jobId}/excel → the download link).
import type { ReactNode } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import { formatCount } from '../jobs/JobProgress';
import { PreflightFrame, type PreflightCount } from '../imports/PreflightFrame';
import { formatNumber } from '../../calc/format';
import type { BudgetCoverage } from '../../../schemas/budget';
import { billExcelUrl, type Bill } from './budgetApi';
import { BILL_MSG, CLASS_LABELS, CLASS_ORDER } from './texts';

const SKIPS = [
  ['blank', '空行'],
  ['subtotal', '小计/合计'],
  ['note', '注释'],
  ['section', '分部标题'],
  ['header', '重复表头'],
  ['title', '分页处重复的表名'],
  ['subheading', '小标题(其中：…)'],
] as const;

/** `已自动匹配 12 项，占估算碳排放 93.41%`: the items the mapping opens with chosen, by their share of the estimate. */
export function coverageText(c: BudgetCoverage): string {
  const share = c.share === null ? '（无可估算的碳排放）' : `，占估算碳排放 ${formatNumber(c.share * 100)}%`;
  const left = c.unestimated ? `；另有 ${formatCount(c.unestimated)} 项没有可换算的推荐因子，未计入估算` : '';
  return `已自动匹配 ${formatCount(c.matched)} 项${share}${left}`;
}

const Line = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Stack
    direction="row"
    spacing={1}
    useFlexGap
    sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
    data-testid={testId}
  >
    <Typography variant="body2" color="text.secondary">
      {label}：
    </Typography>
    {children}
  </Stack>
);

export const PreflightCard = ({ bill }: { bill: Bill }) => {
  const counts: PreflightCount[] = [
    { id: 'total', label: '读取的行', value: bill.totalLines },
    ...CLASS_ORDER.map((c) => ({
      id: c,
      label: CLASS_LABELS[c],
      value: bill.byClass[c]?.lines ?? 0,
      note: c === 'labour' ? '不计碳排放' : `合并为 ${formatCount(bill.byClass[c]?.items ?? 0)} 项`,
    })),
    { id: 'withoutQuantity', label: '无数量', value: bill.withoutQuantity, severity: 'warning' },
    { id: 'zeroQuantity', label: '数量为0', value: bill.zeroQuantity, severity: 'warning' },
    { id: 'costLines', label: '费用行(元)', value: bill.costLines, severity: 'warning' },
    { id: 'duplicatesMerged', label: '合并的重复行', value: bill.duplicatesMerged },
    { id: 'problems', label: '问题', value: bill.problems.length, severity: 'error' },
    { id: 'review', label: '待确认问题', value: bill.review?.length ?? 0, severity: 'error' },
  ];
  const skipped = SKIPS.filter(([k]) => (bill.skipped?.[k] ?? 0) > 0);
  return (
    <PreflightFrame
      fileName={bill.fileName}
      exportLabel="导出预检报告"
      excelUrl={() => billExcelUrl(bill.jobId)}
      exportedMessage={BILL_MSG.exported}
      counts={counts}
      testIdPrefix="bill-count"
      columns={{ xs: 2, sm: 4, md: 6 }}
    >
      {bill.coverage && (
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }} data-testid="bill-coverage">
          {coverageText(bill.coverage)}
        </Typography>
      )}
      <Line label="读取的工作表" testId="bill-sheets">
        {bill.sheets.map((s) => (
          <Chip key={s} size="small" color="primary" variant="outlined" label={s} />
        ))}
      </Line>
      <Line label="未读取的工作表" testId="bill-other-sheets">
        {bill.otherSheets.length ? (
          bill.otherSheets.map((s) => <Chip key={s} size="small" variant="outlined" label={s} />)
        ) : (
          <Typography variant="body2">无</Typography>
        )}
        {bill.otherSheets.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            （没有名称、单位、数量列，如费用汇总表、封面）
          </Typography>
        )}
      </Line>
      {(bill.unreadColumns?.length ?? 0) > 0 && (
        <Line label="未能识别的列" testId="bill-unread-columns">
          {bill.unreadColumns!.map((c) => (
            <Chip
              key={`${c.sheet}-${c.column}`}
              size="small"
              color="warning"
              variant="outlined"
              label={`${c.sheet} ${c.column}列「${c.title}」`}
            />
          ))}
          <Typography variant="caption" color="text.secondary">
            （可能是规格型号：此列不同的行未合并）
          </Typography>
        </Line>
      )}
      {skipped.length > 0 && (
        <Line label="跳过的行">
          <Typography variant="body2">
            {skipped.map(([k, label]) => `${label} ${formatCount(bill.skipped[k] ?? 0)}`).join('、')}
          </Typography>
        </Line>
      )}
      <Line label="单位" testId="bill-units">
        {bill.units.map((u) => (
          <Chip key={u.unit} size="small" variant="outlined" label={`${u.unit}（${formatCount(u.lines)} 行）`} />
        ))}
      </Line>
    </PreflightFrame>
  );
};

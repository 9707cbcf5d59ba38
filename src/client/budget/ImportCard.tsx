// The import card: 导入方式 (追加到现有数据 / 替换本文件之前导入的数据, the latter confirmed first), the
// count of items chosen, 导入 → POST budgetBill/import with the chosen mappings, the job followed while it runs; then
// the answer (ImportResult) or the server's message (a refused mapping names its item). Items of the pre-flight's
// 待确认问题 (a family's amount per m² over its ceiling) are imported only after the user confirms them by name (the
// server refuses them otherwise).
import { Typography } from '@mui/material';
import type { BuildingRecord } from '../buildings/buildingApi';
import { ImportFrame } from '../imports/ImportFrame';
import { formatCount } from '../jobs/JobProgress';
import { importBill, type BillImportAnswer, type BillImportMode, type BudgetMapping } from './budgetApi';
import { ImportResult } from './ImportResult';
import { BILL_MSG } from './texts';
import type { BudgetReviewProblem } from '../../../schemas/budget';

export const MODE_LABELS: Record<BillImportMode, string> = {
  append: '追加到现有数据',
  replace: '替换本文件之前导入的数据',
};

export interface ImportCardProps {
  jobId: number;
  building: BuildingRecord;
  mappings: BudgetMapping[];
  /** the bill's items */
  total: number;
  /** the chosen items' 待确认问题 */
  review?: readonly Pick<BudgetReviewProblem, 'label' | 'names'>[];
  onBusy?: (busy: boolean) => void;
}

/** The confirmation naming the families and items over their ceilings. */
export const billReviewConfirmText = (review: NonNullable<ImportCardProps['review']>) =>
  `所选清单项有 ${review.length} 个待确认的问题（${review.map((p) => `${p.label}：${p.names.map((n) => `「${n}」`).join('、')}`).join('；')}），用量超出单位建筑面积的合理范围，详见待确认问题。确定按预算文件中的数量导入吗？`;

export const ImportCard = ({ jobId, building, mappings, total, review = [], onBusy }: ImportCardProps) => (
  <ImportFrame<BillImportAnswer, BillImportMode>
    modeLabels={MODE_LABELS}
    description="材料生成建材生产数据（启用建材运输时同时生成运输数据，运距取默认值），能源及水和机械台班生成建筑建造数据；每行记录来源文件、工作表和行号。全部成功才保存，随后重新计算。"
    replaceConfirm={BILL_MSG.replaceConfirm}
    importingPrefix={BILL_MSG.importing}
    reviewConfirm={review.length ? billReviewConfirmText(review) : undefined}
    canStart={mappings.length > 0}
    status={
      <Typography
        variant="body2"
        color={mappings.length ? 'text.primary' : 'text.secondary'}
        data-testid="bill-import-count"
      >
        {mappings.length
          ? `将导入已选择的 ${formatCount(mappings.length)} / ${formatCount(total)} 项`
          : BILL_MSG.noMapping}
      </Typography>
    }
    call={(mode, confirmProblems) =>
      importBill({ jobId, projectId: building.id, mode, mappings, ...(confirmProblems ? { confirmProblems } : {}) })
    }
    onBusy={onBusy}
    answer={(done) => <ImportResult answer={done} building={building} />}
  />
);

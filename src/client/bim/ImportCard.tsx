// The import card: 导入方式 (追加到现有数据 / 替换此前由模型导入的数据, the latter confirmed first),
// 导入 → POST bim/import with the confirmed mappings, the job followed while it runs (正在导入… 已处理 …); on
// success the message, the skipped materials and the warnings, with links to the building's 建材生产 page and
// its result (the building becomes the session's current one, as the stage pages need). Materials with problems
// of the pre-flight's plausibility review are imported only after the user confirms them by name (the server
// refuses them otherwise).
import { Alert, Box, Typography } from '@mui/material';
import type { BuildingRecord } from '../buildings/buildingApi';
import { ImportedLinks, ImportWarnings } from '../imports/ImportedLinks';
import { ImportFrame } from '../imports/ImportFrame';
import { stageOfRole } from '../../../schemas/stageMeta';
import { importMessage, importModel, type ImportAnswer, type ImportMapping, type ImportMode } from './bimApi';
import { BIM_MSG } from './texts';

export const MODE_LABELS: Record<ImportMode, string> = {
  append: '追加到现有数据',
  replace: '替换此前由模型导入的数据',
};

export interface ImportCardProps {
  jobId: number;
  building: BuildingRecord;
  mappings: ImportMapping[];
  /** the mapped materials with problems of the plausibility review */
  review: { material: string; count: number }[];
  onBusy?: (busy: boolean) => void;
}

/** The confirmation naming the materials with review problems. */
export const reviewConfirmText = (review: ImportCardProps['review']) =>
  `所选材料有 ${review.reduce((a, r) => a + r.count, 0)} 个待确认的问题（${review.map((r) => `「${r.material}」${r.count} 个`).join('、')}），详见问题清单。确定按模型中的工程量导入吗？`;

export const ImportCard = ({ jobId, building, mappings, review, onBusy }: ImportCardProps) => (
  <ImportFrame<ImportAnswer, ImportMode>
    modeLabels={MODE_LABELS}
    description="按确认的映射汇总各材料的工程量，生成本单体的建材生产数据（启用建材运输时同时生成运输数据，运距取默认值），随后重新计算。"
    replaceConfirm={BIM_MSG.replaceConfirm}
    importingPrefix={BIM_MSG.importing}
    reviewConfirm={review.length ? reviewConfirmText(review) : undefined}
    canStart={mappings.length > 0}
    status={
      mappings.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {BIM_MSG.noMapping}
        </Typography>
      )
    }
    call={(mode, confirmProblems) =>
      importModel({ jobId, projectId: building.id, mode, mappings, ...(confirmProblems ? { confirmProblems } : {}) })
    }
    onBusy={onBusy}
    answer={(done) => (
      <>
        <Alert severity="success" sx={{ mt: 1.5 }}>
          {importMessage(done)}
          {done.skipped?.length > 0 && (
            <Box sx={{ mt: 0.5 }}>未导入的材料（未确认或未对应因子）：{done.skipped.join('、')}</Box>
          )}
          <ImportedLinks building={building} result={done.result} stages={[stageOfRole('materials') ?? '']} />
        </Alert>
        <ImportWarnings warnings={done.warnings ?? []} />
      </>
    )}
  />
);

// The import card: 导入方式 (追加到现有数据 / 替换此前由模型导入的数据, the latter confirmed first),
// 导入 → POST bim/import with the confirmed mappings, the job followed while it runs (正在导入… 已处理 …); on
// success the message, the skipped materials and the warnings, with links to the building's 建材生产 page and
// its result (the building becomes the session's current one, as the stage pages need). Materials with problems
// of the pre-flight's plausibility review are imported only after the user confirms them by name (the server
// refuses them otherwise).
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { useConfirmedAction } from '../admin/useConfirmedAction';
import type { BuildingRecord } from '../buildings/buildingApi';
import { JobProgress } from '../jobs/JobProgress';
import { useImportRun } from '../imports/useImportRun';
import { setCurrentBuilding, type CurrentBuilding } from '../session/currentBuilding';
import { stageOfRole } from '../../../schemas/stageMeta';
import { stageRoute, stageTitle } from '../buildings/wizard';
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

export const ImportCard = ({ jobId, building, mappings, review, onBusy }: ImportCardProps) => {
  const [mode, setMode] = useState<ImportMode>('append');
  const { busy, error, done, job, run: runImport } = useImportRun<ImportAnswer>(onBusy);
  const run = (confirmProblems: boolean) =>
    runImport(() =>
      importModel({ jobId, projectId: building.id, mode, mappings, ...(confirmProblems ? { confirmProblems } : {}) }),
    );

  const confirmReview = useConfirmedAction('确认导入', reviewConfirmText(review), async () => {
    void run(true);
  });
  const afterReplace = () => (review.length ? confirmReview.ask() : void run(false));
  const replace = useConfirmedAction('替换确认', BIM_MSG.replaceConfirm, async () => afterReplace());

  const start = () => (mode === 'replace' ? replace.ask() : afterReplace());
  const select = () =>
    setCurrentBuilding({ ...building, ...(done?.result ?? {}) } as CurrentBuilding & Record<string, unknown>);
  const module = building.computeMethod;

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          导入
        </Typography>
        <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as ImportMode)} aria-label="导入方式">
          {(Object.keys(MODE_LABELS) as ImportMode[]).map((m) => (
            <FormControlLabel
              key={m}
              value={m}
              control={<Radio size="small" />}
              label={MODE_LABELS[m]}
              disabled={busy}
            />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          按确认的映射汇总各材料的工程量，生成本单体的建材生产数据（启用建材运输时同时生成运输数据，运距取默认值），随后重新计算。
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" onClick={start} disabled={busy || mappings.length === 0}>
            导入
          </Button>
          {mappings.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {BIM_MSG.noMapping}
            </Typography>
          )}
        </Stack>
        {busy && (
          <Box sx={{ mt: 1.5 }}>
            <JobProgress job={job ?? { done: 0, total: null }} prefix={BIM_MSG.importing} />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity="success" sx={{ mt: 1.5 }}>
            {importMessage(done)}
            {done.skipped?.length > 0 && (
              <Box sx={{ mt: 0.5 }}>未导入的材料（未确认或未对应因子）：{done.skipped.join('、')}</Box>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                color="success"
                size="small"
                component={Link}
                to={stageRoute(module, stageOfRole('materials') ?? '')}
                onClick={select}
              >
                查看{stageTitle(module, stageOfRole('materials') ?? '')}
              </Button>
              <Button
                variant="outlined"
                color="success"
                size="small"
                component={Link}
                to={stageRoute(module, 'result')}
                onClick={select}
              >
                查看计算结果
              </Button>
            </Stack>
          </Alert>
        )}
        {done && done.warnings?.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {done.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </Box>
          </Alert>
        )}
      </CardContent>
      {replace.dialog}
      {confirmReview.dialog}
    </Card>
  );
};

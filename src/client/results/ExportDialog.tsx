// 导出报告: choose pdf or word; an incomplete building has no report
// (未完成项目，暂无报告, checked before calling); without a building 获取报告ID失败，请重新选择项目！; the API
// answers a download URL that is downloaded (导出成功), a failure shows 报告导出异常，请稍后再试！ — except a 403,
// whose message names the rule (an expired trial). Trial accounts cannot choose Word.
import { download } from '../providers/download';
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
} from '@mui/material';
import { HttpError, useNotify } from 'react-admin';
import { useCurrentUser } from '../session/useCurrentUser';
import { exportReport, type ReportType } from './resultApi';

export const REPORT_MSG = {
  incomplete: '未完成项目，暂无报告',
  noId: '获取报告ID失败，请重新选择项目！',
  failed: '报告导出异常，请稍后再试！',
  done: '导出成功',
  trialNoWord: '试用账号不能导出Word报告，请联系管理员开通正式账号',
} as const;

/** A refusal that names its rule (403: expired trial, no Word for trial accounts) is shown as it is. */
const failureMessage = (err: unknown) =>
  err instanceof HttpError && err.status === 403 && err.message ? err.message : REPORT_MSG.failed;

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  module: string;
  projectId?: number | string | null;
  status?: string | null;
}

export const ExportDialog = ({ open, onClose, module, projectId, status }: ExportDialogProps) => {
  const notify = useNotify();
  const [type, setType] = useState<ReportType>('pdf');
  const [busy, setBusy] = useState(false);
  const trial = !!useCurrentUser()?.isTrial;

  const confirm = async () => {
    if (projectId === undefined || projectId === null || projectId === '') {
      notify(REPORT_MSG.noId, { type: 'error' });
      return;
    }
    if (String(status ?? '') !== '1') {
      notify(REPORT_MSG.incomplete, { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      const url = await exportReport(module, projectId, type);
      if (!url || typeof url !== 'string') throw new Error('no url');
      download(url);
      notify(REPORT_MSG.done, { type: 'success' });
      onClose();
    } catch (err) {
      notify(failureMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="export-report-title">
      <DialogTitle id="export-report-title">导出报告</DialogTitle>
      <DialogContent>
        <RadioGroup row aria-label="报告格式" value={type} onChange={(e) => setType(e.target.value as ReportType)}>
          <FormControlLabel value="pdf" control={<Radio />} label="PDF" />
          <FormControlLabel value="word" control={<Radio />} label="Word" disabled={trial} />
        </RadioGroup>
        {trial && <FormHelperText>{REPORT_MSG.trialNoWord}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
};

// 导出报告 (spec 000 §2 screen 8, §4, §8): choose pdf or word; an incomplete building has no report
// (未完成项目，暂无报告, checked before calling); without a building 获取报告ID失败，请重新选择项目！; the API
// answers a download URL that is downloaded (导出成功), any failure shows 报告导出异常，请稍后再试！.
import { download } from '../providers/download';
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useNotify } from 'react-admin';
import { exportReport, type ReportType } from './resultApi';

export const REPORT_MSG = {
  incomplete: '未完成项目，暂无报告',
  noId: '获取报告ID失败，请重新选择项目！',
  failed: '报告导出异常，请稍后再试！',
  done: '导出成功',
} as const;

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
    } catch {
      notify(REPORT_MSG.failed, { type: 'error' });
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
          <FormControlLabel value="word" control={<Radio />} label="Word" />
        </RadioGroup>
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

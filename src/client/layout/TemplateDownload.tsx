// The navbar's template download icon on the calculation modules' pages: 下载导入模板 →
// GET tpf/v1/tpf/template/{module}[?standard=] → a short-lived link → download(). 核算 one zip of every stage's
// template, 估算 its stages' workbook, 概预算 a choice of three standards, each one workbook.
import { useState, type MouseEvent } from 'react';
import { CircularProgress, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useNotify } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import { download } from '../providers/download';
import { apiFetch, apiUrl } from '../providers/httpClient';

/** 概预算's choices, in the spec's order. */
export const BUDGET_TEMPLATES = [
  { standard: 'GB', label: '国标 GB/T 51366-2019' },
  { standard: 'JS-STD', label: '省标准' },
  { standard: 'JS', label: '省导则' },
] as const;

const TEMPLATE_MODULES = ['estimate', 'budget', 'accounting'];
export const hasTemplates = (module: string | undefined) => !!module && TEMPLATE_MODULES.includes(module);

export async function downloadTemplate(module: string, standard?: string): Promise<void> {
  download(await apiFetch<string>(apiUrl(`tpf/v1/tpf/template/${module}`, { standard })));
}

export const TemplateDownload = ({ module }: { module: string }) => {
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchOne = async (standard?: string) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadTemplate(module, standard);
      notify('下载模板成功', { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const click = (e: MouseEvent<HTMLElement>) => (module === 'budget' ? setAnchor(e.currentTarget) : void fetchOne());

  return (
    <>
      <Tooltip title="下载导入模板">
        <span style={{ display: 'inline-flex', flexShrink: 0 }}>
          <IconButton
            color="inherit"
            aria-label="下载导入模板"
            aria-haspopup={module === 'budget' || undefined}
            onClick={click}
            disabled={busy}
            sx={{ flexShrink: 0 }}
          >
            {busy ? <CircularProgress size={20} color="inherit" /> : <DownloadIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {BUDGET_TEMPLATES.map((t) => (
          <MenuItem key={t.standard} onClick={() => void fetchOne(t.standard)}>
            {t.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

// 下载模板 and 导入 for a resource whose schema names `x-import` columns:
// GET <path>/template → open the download link; 导入 picks an .xlsx, checks its size (6 MB), takes the building
// (rows owned by a building: the projectId prop or the current building), POSTs <path>/fileUpload
// (multipart: projectId, file), then says 上传文件成功 and refreshes the list. A code-2 answer shows its first
// message and lists every bad row in a dialog 导入失败. Reused by the stage pages: <ImportButtons resource projectId />.
// A long import answers `{ job }`: a dialog shows 已处理 {done} / {total} 行 while the job is polled,
// and its end is taken as the direct answer would be (same message, refresh, or 导入失败 with the rows);
// 后台运行 closes the dialog and stops polling — the server tells the end in 消息通知.
import { useRef, useState, type ChangeEvent } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import type { ResourceSchema } from '../../../schemas/index';
import { download } from '../providers/download';
import { apiFetch, apiUrl, type FieldError } from '../providers/httpClient';
import { clientResource } from '../registry';
import { getCurrentBuilding } from '../session/currentBuilding';
import { jobOf, jobOutcome } from '../jobs/jobApi';
import { JobDialog } from '../jobs/JobDialog';
import { useJob } from '../jobs/useJob';
import { notifyChanged } from '../session/inboxEvent';
import { errorMessage } from './useConfirmedAction';

/** The largest file 导入 accepts. */
export const IMPORT_MAX_BYTES = 6 * 1024 * 1024;

export const IMPORT_MSG = {
  tooLarge: '导入Excel文件大小不能超过 6M!',
  noProject: '获取项目信息失败，请返回主页重试！',
  uploading: '正在上传, 请稍候....',
  uploaded: '上传文件成功',
  failedTitle: '导入失败',
  importing: '正在导入',
  background: '导入已转入后台运行，完成后将在消息通知中提醒',
} as const;

type ImportAnswer = { count?: number } | null;

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether a schema has Excel import columns. */
export const hasImportColumns = (schema: ResourceSchema) =>
  Object.values(schema.properties).some((p) => !!p['x-import']);

/** Whether rows of the resource belong to a building (the import then needs one). */
const isProjectOwned = (schema: ResourceSchema) => 'projectId' in schema.properties;

/** The `[{ field, errorMsg }]` of a code-2 answer, if the error is one. */
function fieldErrors(err: unknown): FieldError[] {
  if (!(err instanceof HttpError)) return [];
  const body = err.body as { code?: number; data?: unknown } | null;
  return body?.code === 2 && Array.isArray(body.data) ? (body.data as FieldError[]) : [];
}

export const fieldText = (e: FieldError) => (e.field ? `${e.field} ${e.errorMsg}` : e.errorMsg);

export interface ImportButtonsProps {
  resource: string;
  /** The building the rows go to; default: the current building (for resources with projectId). */
  projectId?: number;
  /** After a successful import, with the number of rows created. */
  onDone?: (count: number) => void;
}

export const ImportButtons = ({ resource, projectId, onDone }: ImportButtonsProps) => {
  const { path, schema } = clientResource(resource);
  const owned = isProjectOwned(schema);
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'template' | 'upload' | null>(null);
  const [errors, setErrors] = useState<{ message: string; list: FieldError[] } | null>(null);
  const { job, follow, stop } = useJob();

  const project = () => projectId ?? getCurrentBuilding()?.id;

  const downloadTemplate = async () => {
    setBusy('template');
    try {
      download(await apiFetch<string>(apiUrl(`${path}/template`)));
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const pick = () => {
    if (owned && !project()) return notify(IMPORT_MSG.noProject, { type: 'error' });
    input.current?.click();
  };

  const upload = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) return notify(IMPORT_MSG.tooLarge, { type: 'error' });
    const pid = project();
    if (owned && !pid) return notify(IMPORT_MSG.noProject, { type: 'error' });
    const form = new FormData();
    if (owned) form.append('projectId', String(pid));
    form.append('file', file, file.name);
    setBusy('upload');
    try {
      let answer = await apiFetch<ImportAnswer>(apiUrl(`${path}/fileUpload`), { method: 'POST', body: form });
      const started = jobOf(answer);
      if (started) {
        const ended = await follow(started);
        if (!ended) return; // 后台运行 (or the page left): the server says the end in 消息通知
        notifyChanged(); // that notification is there now: the unread count is read again
        answer = jobOutcome<ImportAnswer>(ended);
      }
      notify(IMPORT_MSG.uploaded, { type: 'success' });
      refresh();
      onDone?.(Number(answer?.count ?? 0));
    } catch (err) {
      const list = fieldErrors(err);
      if (list.length) {
        notify(fieldText(list[0]), { type: 'error' });
        setErrors({ message: ((err as HttpError).body as { message?: string })?.message ?? '', list });
      } else notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const toBackground = () => {
    stop();
    notify(IMPORT_MSG.background, { type: 'info' });
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again after a fix
    if (file) void upload(file);
  };

  return (
    <>
      <Button
        size="small"
        startIcon={busy === 'template' ? <CircularProgress size={14} /> : <DownloadIcon />}
        onClick={downloadTemplate}
        disabled={!!busy}
      >
        下载模板
      </Button>
      <Button
        size="small"
        startIcon={busy === 'upload' ? <CircularProgress size={14} /> : <UploadFileIcon />}
        onClick={pick}
        disabled={!!busy}
      >
        {busy === 'upload' ? IMPORT_MSG.uploading : '导入'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={XLSX_ACCEPT}
        hidden
        onChange={onChange}
        data-testid={`import-file-${resource}`}
      />
      <JobDialog job={job} fallbackTitle={IMPORT_MSG.importing} onBackground={toBackground} />
      <Dialog
        open={!!errors}
        onClose={() => setErrors(null)}
        maxWidth="md"
        fullWidth
        aria-labelledby={`import-errors-${resource}`}
      >
        <DialogTitle id={`import-errors-${resource}`}>{IMPORT_MSG.failedTitle}</DialogTitle>
        <DialogContent dividers>
          {errors?.message && (
            <DialogContentText sx={{ mb: 1 }}>
              {errors.message}，共 {errors.list.length} 处错误，文件未导入，请修改后重新上传。
            </DialogContentText>
          )}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>位置</TableCell>
                <TableCell>错误</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors?.list.map((e, i) => (
                <TableRow key={i}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.field}</TableCell>
                  <TableCell>{e.errorMsg}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setErrors(null)}>关闭</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

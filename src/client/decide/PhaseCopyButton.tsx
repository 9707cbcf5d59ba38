// 复制为下一阶段: a copy of this building — its rows, in the next module the phase group has not got
// (估算 → 概预算 → 核算) — linked as that phase and calculated by the server; the panel then shows the new group.
import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from 'react-admin';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { moduleDef } from '../../../schemas/standards';
import { errorMessage } from '../admin/useConfirmedAction';
import { MSG } from '../constants';
import { copyAsPhase, type Module, type PhaseAnswer } from './decideApi';
import { MODULE_ORDER } from './texts';

/** The module after `module` that the group has not got yet; undefined at the last. */
export function nextModule(module: string, taken: string[]): Module | undefined {
  return MODULE_ORDER.slice(MODULE_ORDER.indexOf(module as Module) + 1).find((m) => !taken.includes(m));
}

export const PhaseCopyButton = (props: {
  projectId: number;
  module: string;
  taken: string[];
  disabledReason: string;
  onCopied: (answer: PhaseAnswer) => void;
}) => {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = nextModule(props.module, props.taken);
  if (!next) return null;
  const label = moduleDef(next)?.label ?? next;
  const copy = async () => {
    setBusy(true);
    try {
      const r = await copyAsPhase(props.projectId, next);
      props.onCopied(r.phases);
      notify(`已复制为${label}阶段的单体`, { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Tooltip title={props.disabledReason}>
        <span>
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            disabled={!!props.disabledReason || busy}
            onClick={() => setOpen(true)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            复制为{label}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        isOpen={open}
        loading={busy}
        title={`复制为${label}阶段`}
        content={`将复制本单体的全部数据，新建一个「${label}」模块的单体并关联为本单体的下一阶段，随后按${label}模块重新计算。`}
        onConfirm={() => void copy()}
        onClose={() => {
          setOpen(false);
          notify(MSG.canceled, { type: 'info' });
        }}
      />
    </>
  );
};

// A confirm dialog around an action: cancel → 操作已取消, confirm → run the action.
import { useState, type ReactElement } from 'react';
import { useNotify } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';
import { MSG } from '../constants';

export function useConfirmedAction(
  title: string,
  content: string,
  action: () => Promise<void>,
): { ask: () => void; dialog: ReactElement; busy: boolean } {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dialog = (
    <ConfirmDialog
      isOpen={open}
      loading={busy}
      title={title}
      content={content}
      onConfirm={async () => {
        setBusy(true);
        try {
          await action();
        } finally {
          setBusy(false);
          setOpen(false);
        }
      }}
      onClose={() => {
        setOpen(false);
        notify(MSG.canceled, { type: 'info' });
      }}
    />
  );
  return { ask: () => setOpen(true), dialog, busy };
}

/** The message to show for a failed call. */
export const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : MSG.otherStatus);

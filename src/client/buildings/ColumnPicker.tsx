// 列设置: a button opening checkboxes of the columns a list offers; the choice is kept in local storage under
// a key per page, so each list remembers its own columns.
import { useCallback, useState } from 'react';
import { Box, Button, Checkbox, Divider, FormControlLabel, FormGroup, Popover } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';

function readChoice(storageKey: string, available: readonly string[], defaults: readonly string[]): string[] {
  try {
    const raw = localStorage.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (Array.isArray(parsed)) return available.filter((k) => parsed.includes(k));
  } catch {
    // an unreadable choice falls back to the defaults
  }
  return available.filter((k) => defaults.includes(k));
}

/** The visible columns (in the offered order) and a setter that persists them. */
export function useColumnChoice(storageKey: string, available: readonly string[], defaults: readonly string[]) {
  const [stored, setStored] = useState<{ key: string; visible: string[] }>(() => ({
    key: storageKey,
    visible: readChoice(storageKey, available, defaults),
  }));
  // another page (another key) reads its own choice
  const visible = stored.key === storageKey ? stored.visible : readChoice(storageKey, available, defaults);
  const setVisible = useCallback(
    (keys: readonly string[]) => {
      const ordered = available.filter((k) => keys.includes(k));
      try {
        localStorage.setItem(storageKey, JSON.stringify(ordered));
      } catch {
        // storage full or disabled: the choice lasts for this page only
      }
      setStored({ key: storageKey, visible: ordered });
    },
    [storageKey, available],
  );
  return [visible, setVisible] as const;
}

export interface ColumnPickerProps {
  available: readonly string[];
  visible: readonly string[];
  defaults: readonly string[];
  labelOf: (key: string) => string;
  onChange: (keys: string[]) => void;
}

export const ColumnPicker = ({ available, visible, defaults, labelOf, onChange }: ColumnPickerProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (key: string) =>
    onChange(visible.includes(key) ? visible.filter((k) => k !== key) : [...visible, key]);
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
      >
        列设置
      </Button>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }} role="dialog" aria-label="列设置">
          <FormGroup>
            {available.map((key) => (
              <FormControlLabel
                key={key}
                control={<Checkbox size="small" checked={visible.includes(key)} onChange={() => toggle(key)} />}
                label={labelOf(key)}
              />
            ))}
          </FormGroup>
          <Divider sx={{ my: 1 }} />
          <Button size="small" onClick={() => onChange([...defaults])}>
            恢复默认
          </Button>
        </Box>
      </Popover>
    </>
  );
};

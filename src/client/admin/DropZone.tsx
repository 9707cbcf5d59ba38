// The drop zone of an upload card: drag files onto it or 选择文件, the formats and limit said under the button. It
// hands the files picked to its card (one, or several where `multiple`); a card that is busy takes no drop.
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';

export interface DropZoneProps {
  testId: string;
  /** before 选择文件 */
  drop: string;
  /** the formats and the size limit */
  limit: string;
  accept: string;
  inputLabel: string;
  multiple?: boolean;
  busy: boolean;
  onFiles: (files: File[]) => void;
}

export const DropZone = ({ testId, drop, limit, accept, inputLabel, multiple, busy, onFiles }: DropZoneProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []).slice(0, multiple ? undefined : 1);
    if (files.length) onFiles(files);
  };
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const { files } = e.target;
    take(files);
    e.target.value = ''; // the same file can be chosen again
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!busy) take(e.dataTransfer.files);
  };
  return (
    <Box
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: over ? 'action.hover' : 'transparent',
        p: { xs: 2, sm: 3 },
        textAlign: 'center',
      }}
    >
      <UploadFileIcon color={busy ? 'disabled' : 'primary'} sx={{ fontSize: 40 }} />
      <Typography sx={{ mt: 1 }}>{drop}</Typography>
      <Button variant="contained" sx={{ mt: 1 }} disabled={busy} onClick={() => input.current?.click()}>
        选择文件
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {limit}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        aria-label={inputLabel}
        onChange={onChange}
      />
    </Box>
  );
};

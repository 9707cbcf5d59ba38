// 截图 (optional): pick an image → checked here (type, 2 MB) → uploaded at once → a thumbnail with 移除.
import { Box, Button, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { useImageUpload } from '../admin/useImageUpload';
import { SCREENSHOT_TYPES, screenshotError, uploadScreenshot } from './feedbackApi';
import { ScreenshotThumb } from './FeedbackParts';

export const ScreenshotPicker = ({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
}) => {
  const { input, busy, error, picked, open } = useImageUpload({
    check: screenshotError,
    upload: uploadScreenshot,
    done: onChange,
  });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      {value && (
        <Box sx={{ position: 'relative' }} data-testid="screenshot-preview">
          <ScreenshotThumb url={value} size={96} />
          <Tooltip title="移除截图">
            <IconButton
              size="small"
              aria-label="移除截图"
              onClick={() => onChange(null)}
              disabled={disabled}
              sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper', boxShadow: 1 }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <Box>
        <input
          ref={input}
          type="file"
          accept={SCREENSHOT_TYPES.join(',')}
          hidden
          onChange={(e) => void picked(e)}
          data-testid="screenshot-input"
        />
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} /> : <AddPhotoIcon />}
          disabled={busy || disabled}
          onClick={open}
        >
          {value ? '更换截图' : '上传截图'}
        </Button>
        <Typography
          variant="caption"
          color={error ? 'error' : 'text.secondary'}
          component="p"
          sx={{ mt: 0.5 }}
          role={error ? 'alert' : undefined}
        >
          {error ?? '可选，支持 PNG、JPEG、WebP 图片，不超过 2M'}
        </Typography>
      </Box>
    </Box>
  );
};

// 安全验证: the server's puzzle (GET sso/slider) — the background with its gap, the piece at (x, y) and a
// track whose handle drags the piece. On release the piece's left edge in image px and the drag time go to
// sso/slider/verify; a pass hands the one-time sliderToken to onSuccess, a miss shows 滑块验证失败，请重试 and
// loads a new puzzle (each one is used up by a try). The image scales down on narrow screens; x is always
// counted in the image's own pixels. Pointer events (mouse, touch, pen); arrow keys + Enter for the keyboard.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useSliderPuzzle } from './useSliderPuzzle';

export { SLIDER_FAILED } from './useSliderPuzzle';

export interface SliderCaptchaProps {
  open: boolean;
  onSuccess: (sliderToken: string) => void;
  onCancel: () => void;
}

export const SliderCaptcha = ({ open, onSuccess, onCancel }: SliderCaptchaProps) => (
  <Dialog open={open} onClose={onCancel} aria-labelledby="slider-title" fullWidth maxWidth="xs">
    <DialogTitle id="slider-title">安全验证</DialogTitle>
    {open && <SliderBody onSuccess={onSuccess} onCancel={onCancel} />}
  </Dialog>
);

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

function SliderBody({ onSuccess, onCancel }: Omit<SliderCaptchaProps, 'open'>) {
  const { challenge, x, busy, error, dragging, frame, start, key, refresh } = useSliderPuzzle(onSuccess);

  const W = challenge?.width ?? 320;
  const H = challenge?.height ?? 160;
  const size = challenge?.size ?? 56;

  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          拖动滑块完成拼图
        </Typography>
        <Box
          ref={frame}
          sx={{
            position: 'relative',
            width: '100%',
            maxWidth: W,
            aspectRatio: `${W} / ${H}`,
            mx: 'auto',
            bgcolor: 'grey.100',
            borderRadius: 1,
            overflow: 'hidden',
            userSelect: 'none',
          }}
        >
          {challenge && (
            <>
              <Box
                component="img"
                src={challenge.background}
                alt="拼图背景"
                draggable={false}
                data-testid="slider-background"
                sx={{ display: 'block', width: '100%', height: '100%' }}
              />
              <Box
                component="img"
                src={challenge.piece}
                alt="拼图块"
                draggable={false}
                data-testid="slider-piece"
                sx={{
                  position: 'absolute',
                  left: pct(x, W),
                  top: pct(challenge.y, H),
                  width: pct(size, W),
                  height: 'auto',
                  pointerEvents: 'none',
                  filter: 'drop-shadow(0 0 2px rgba(0,0,0,.6))',
                }}
              />
            </>
          )}
          {busy && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'rgba(255,255,255,.5)',
              }}
            >
              <CircularProgress size={28} aria-label="正在加载" />
            </Box>
          )}
        </Box>
        <Box
          sx={{
            position: 'relative',
            width: '100%',
            maxWidth: W,
            height: 40,
            mx: 'auto',
            mt: 1.5,
            bgcolor: 'grey.200',
            borderRadius: 1,
            userSelect: 'none',
          }}
          data-testid="slider-track"
        >
          <Box
            sx={{
              position: 'absolute',
              left: 0,
              top: 0,
              bottom: 0,
              width: pct(x + size / 2, W),
              bgcolor: 'primary.light',
              opacity: 0.35,
              borderRadius: 1,
            }}
          />
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              pointerEvents: 'none',
              pl: 6,
            }}
          >
            向右拖动滑块
          </Typography>
          <Box
            role="slider"
            tabIndex={0}
            aria-label="拖动滑块"
            aria-valuemin={0}
            aria-valuemax={W - size}
            aria-valuenow={Math.round(x)}
            onPointerDown={start}
            onKeyDown={key}
            data-testid="slider-handle"
            sx={{
              position: 'absolute',
              left: pct(x, W),
              width: pct(size, W),
              top: 0,
              bottom: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: dragging ? 'primary.dark' : 'primary.main',
              color: 'primary.contrastText',
              borderRadius: 1,
              cursor: dragging ? 'grabbing' : 'grab',
              touchAction: 'none',
              boxShadow: 1,
              '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
            }}
          >
            <ArrowForwardIcon fontSize="small" />
          </Box>
        </Box>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<RefreshIcon />} onClick={refresh} disabled={busy || dragging}>
          刷新
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </DialogActions>
    </>
  );
}

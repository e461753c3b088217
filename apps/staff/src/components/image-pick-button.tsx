import { useRef, type ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';

/**
 * A button that opens the file picker for one image (PNG, JPEG or WebP, what the server's
 * image uploads accept) and hands the picked file on; a spinner while `busy`.
 * @example <ImagePickButton busy={busy} onPick={(file) => void upload(file)}>{text}</ImagePickButton>
 */
export function ImagePickButton({
  busy,
  onPick,
  children,
  ariaLabel,
  describedBy,
  inputTestId,
}: {
  busy: boolean;
  onPick: (file: File) => void;
  children: ReactNode;
  ariaLabel?: string;
  describedBy?: string;
  inputTestId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so picking the same file again is a change too.
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button
        variant="outlined"
        size="small"
        disabled={busy}
        onClick={() => input.current?.click()}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        startIcon={busy ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
      >
        {children}
      </Button>
    </>
  );
}

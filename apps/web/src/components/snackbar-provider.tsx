import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import { SNACKBAR_TIMEOUT_MS } from '@dars/contract/plain';

const SnackbarView = lazy(() => import('./snackbar-view'));

export type SnackbarSeverity = 'success' | 'error' | 'warning' | 'info';

export interface SnackbarOptions {
  severity?: SnackbarSeverity;
  /** How long it stays, in ms (spec §9: 4000 by default, 2000 for the short ones). */
  duration?: number;
}

/** Shows a short message at the bottom of the screen. */
export type ShowSnackbar = (message: string, options?: SnackbarOptions) => void;

const SnackbarContext = createContext<ShowSnackbar | null>(null);
SnackbarContext.displayName = 'SnackbarContext';
const DismissSnackbarContext = createContext<(() => void) | null>(null);
DismissSnackbarContext.displayName = 'DismissSnackbarContext';

interface Shown {
  id: number;
  message: string;
  severity: SnackbarSeverity;
  duration: number;
}

/**
 * Holds the one snackbar of the app; a new message replaces the one shown. Provided once
 * by the app, so a screen can confirm an action even after its own dialog has closed.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<ShowSnackbar>((message, options = {}) => {
    setShown((previous) => ({
      id: (previous?.id ?? 0) + 1,
      message,
      severity: options.severity ?? 'success',
      duration: options.duration ?? SNACKBAR_TIMEOUT_MS,
    }));
    setOpen(true);
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);

  return (
    <SnackbarContext.Provider value={show}>
      <DismissSnackbarContext.Provider value={dismiss}>
        {children}
        {shown && (
          <Suspense fallback={null}>
            <SnackbarView {...shown} open={open} onClose={dismiss} />
          </Suspense>
        )}
      </DismissSnackbarContext.Provider>
    </SnackbarContext.Provider>
  );
}

/**
 * The app's snackbar.
 * @example const showSnackbar = useSnackbar(); showSnackbar(t('profile.saved'))
 */
export function useSnackbar(): ShowSnackbar {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar must be used below SnackbarProvider');
  return show;
}

/**
 * Closes the snackbar shown, for a screen that must not be covered: a full-screen video,
 * whose controls a message left from the purchase would hide.
 * @example const dismissSnackbar = useDismissSnackbar(); useEffect(dismissSnackbar, [dismissSnackbar])
 */
export function useDismissSnackbar(): () => void {
  const dismiss = useContext(DismissSnackbarContext);
  if (!dismiss) throw new Error('useDismissSnackbar must be used below SnackbarProvider');
  return dismiss;
}

// The global alert area (SPEC §2 Shell): info, error, success and warning messages shown as toasts.
// Info and success fade after a few seconds; errors and warnings stay until dismissed so nobody misses them.
// While a dialog is open the toasts sit under its dimmed backdrop: a toast never covers a dialog's buttons (issue
// #32: "Document generated successfully!" lay over the next dialog's Generate Document for seconds). Wherever a
// toast went, a dialog as tall as a phone's screen would be under it; the backdrop is the one place that is not.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Alert, type AlertType } from './alert';
import { cn } from './cn';

export interface Toast {
  id: number;
  type: AlertType;
  message: string;
}

export interface Toasts {
  notify: (type: AlertType, message: string) => void;
  dismiss: (id: number) => void;
}

const AUTO_DISMISS_MS = 5000;
const MAX_VISIBLE = 4;
const ToastContext = createContext<Toasts | null>(null);
/** Counts the dialogs open now (each Modal reports itself); null outside a ToastProvider. */
const OpenDialogsContext = createContext<((delta: 1 | -1) => void) | null>(null);

/** Called by every modal dialog: while `open`, toasts stay beneath dialogs. */
export function useToastsBelowDialog(open: boolean): void {
  const count = useContext(OpenDialogsContext);
  useEffect(() => {
    if (!open || !count) return;
    count(1);
    return () => count(-1);
  }, [open, count]);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [openDialogs, setOpenDialogs] = useState(0);
  const countDialogs = useCallback((delta: 1 | -1) => setOpenDialogs((n) => n + delta), []);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const notify = useCallback(
    (type: AlertType, message: string) => {
      const id = nextId.current++;
      setToasts((list) =>
        [...list.filter((t) => t.message !== message || t.type !== type), { id, type, message }].slice(
          -MAX_VISIBLE,
        ),
      );
      if (type === 'info' || type === 'success') setTimeout(() => dismiss(id), AUTO_DISMISS_MS);
    },
    [dismiss],
  );

  const value = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      <OpenDialogsContext.Provider value={countDialogs}>{children}</OpenDialogsContext.Provider>
      <section
        aria-label="Notifications"
        // Above everything; with a dialog open, above the page (its header is z-30) but under the backdrop (z-40).
        className={cn(
          'pointer-events-none fixed right-3 bottom-3 left-3 flex flex-col items-stretch gap-2 sm:left-auto sm:w-96',
          openDialogs > 0 ? 'z-[35]' : 'z-[60]',
        )}
      >
        {toasts.map((toast) => (
          <Alert
            key={toast.id}
            type={toast.type}
            variant="toast"
            onDismiss={() => dismiss(toast.id)}
            className="pointer-events-auto animate-fade-in"
          >
            {toast.message}
          </Alert>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast must be used inside <ToastProvider>');
  return toasts;
}

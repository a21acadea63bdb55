// The global alert area (SPEC §2 Shell): info, error, success and warning messages shown as toasts.
// Info and success fade after a few seconds; errors and warnings stay until dismissed so nobody misses them.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Alert, type AlertType } from './alert';

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

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
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
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed right-3 bottom-3 left-3 z-[60] flex flex-col items-stretch gap-2 sm:left-auto sm:w-96"
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

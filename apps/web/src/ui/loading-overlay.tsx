// The shell's loading overlay: anything that blocks the whole app (starting up, signing out) shows it.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Spinner } from './spinner';

/** A full-screen veil with a spinner and a label; it appears after a short delay so quick work never flashes. */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="fixed inset-0 z-[70] grid animate-[fade-in_200ms_ease-out_150ms_both] place-items-center bg-overlay">
      <div className="flex items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 shadow-pop">
        <Spinner className="text-accent" />
        <span role="status" className="text-base">
          {label}
        </span>
      </div>
    </div>
  );
}

interface Overlay {
  /** Shows the overlay until the returned function is called. */
  show: (label: string) => () => void;
}

const OverlayContext = createContext<Overlay | null>(null);

export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<Array<{ id: number; label: string }>>([]);
  const nextId = useRef(1);
  const show = useCallback((label: string) => {
    const id = nextId.current++;
    setLabels((list) => [...list, { id, label }]);
    return () => setLabels((list) => list.filter((entry) => entry.id !== id));
  }, []);
  const value = useMemo(() => ({ show }), [show]);
  const current = labels.at(-1);
  return (
    <OverlayContext.Provider value={value}>
      {children}
      {current && <LoadingOverlay label={current.label} />}
    </OverlayContext.Provider>
  );
}

export function useLoadingOverlay(): Overlay {
  const overlay = useContext(OverlayContext);
  if (!overlay) throw new Error('useLoadingOverlay must be used inside <LoadingOverlayProvider>');
  return overlay;
}

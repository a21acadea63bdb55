// Copies text to the clipboard and says 'Copied!' for COPY_CONFIRM_MS (SPEC §9). A failure is only logged
// (SPEC §8): the button simply does not confirm.
import { useCallback, useEffect, useRef, useState } from 'react';

export const COPY_CONFIRM_MS = 2000;

export function useCopyText() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('Copying the logs failed', error);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  }, []);
  return { copied, copy };
}

import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` (the list re-fetches 500 ms after the last change). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

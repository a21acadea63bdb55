// What keeps the A/B compare's two audio elements as one (compare-player.tsx): how far apart they may drift,
// moving an element within its length, and the keys that switch sides.
import { type RefObject, useEffect } from 'react';

export type Side = 'a' | 'b';

/** The heard side's position and the other's may differ this much while playing before the other is moved. */
export const KEEP_WITHIN_S = 0.015;
/** At a switch, a side further off than this is moved to the exact point first. */
export const SWITCH_WITHIN_S = 0.008;

export const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

/** Moves an element to `seconds`, within its length. */
export function place(el: HTMLAudioElement | null, seconds: number) {
  if (!el) return;
  const end = Number.isFinite(el.duration) && el.duration > 0 ? el.duration : Number.POSITIVE_INFINITY;
  el.currentTime = Math.min(Math.max(0, seconds), end);
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** X switches, A and B pick a side: anywhere on the page but in a field being typed into. */
export function useSwitchKeys(heard: RefObject<Side>, switchTo: (side: Side) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'x') switchTo(other(heard.current));
      else if (key === 'a' || key === 'b') switchTo(key);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

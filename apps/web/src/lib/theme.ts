// Light or dark: an explicit choice persisted in localStorage 'theme' wins; otherwise the system preference.
// The choice is written to <html data-theme>, which the design tokens key their colours on.
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

const listeners = new Set<() => void>();
const lightQuery = () => globalThis.matchMedia?.('(prefers-color-scheme: light)');

function storedTheme(): Theme | null {
  try {
    const value = globalThis.localStorage?.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function currentTheme(): Theme {
  return storedTheme() ?? (lightQuery()?.matches ? 'light' : 'dark');
}

/** Mirrors the stored choice onto <html>; with no choice the CSS follows prefers-color-scheme by itself. */
export function applyStoredTheme(): void {
  const stored = storedTheme();
  if (stored) document.documentElement.dataset.theme = stored;
  else delete document.documentElement.dataset.theme;
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch (error) {
    console.warn('Could not persist the theme choice', error);
  }
  applyStoredTheme();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const query = lightQuery();
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'dark' as const);
  return { theme, toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}

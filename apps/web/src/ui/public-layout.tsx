// The frame of the pages people open from a link without an account (a signing link, a share link): the
// Mixdesk mark and the theme toggle, no app navigation, and room for wide content beside a panel.
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · Mixdesk`}</title>
      <header className="flex h-14 items-center justify-between border-b border-border bg-surface px-4">
        <Logo />
        <ThemeToggle />
      </header>
      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 pt-5 pb-16 sm:px-6 sm:pt-8">
        {children}
      </main>
    </div>
  );
}

/** A page that says one thing (signed, declined, a dead link): centred, in a card. */
export function PublicNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center pt-4 sm:pt-12">
      <div className="flex w-full max-w-lg flex-col items-center gap-3 rounded-lg border border-border bg-surface px-5 py-8 text-center shadow-sm sm:px-8">
        {children}
      </div>
    </div>
  );
}

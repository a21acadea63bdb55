// The frame of the public screens (/auth, /verify-email, /reset-password): the mark, the tagline, one card.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../ui/card';
import { Logo } from '../../ui/logo';
import { ThemeToggle } from '../../ui/theme-toggle';

export const TAGLINE = 'Live Music Management Platform';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · Mixdesk`}</title>
      <header className="flex h-12 items-center justify-end px-3">
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pb-16 sm:pt-6">
        <div className="flex w-full max-w-[26rem] flex-col gap-6">
          <div className="flex flex-col items-center gap-1.5 text-center">
            <Link to="/" aria-label="Mixdesk home" className="rounded-md">
              <Logo size="lg" />
            </Link>
            <p className="text-sm text-muted">{TAGLINE}</p>
          </div>
          <Card className="p-5 sm:p-6">{children}</Card>
        </div>
      </main>
    </div>
  );
}

// The banner of demo mode (a browser without a sign-in token, which sees sample data): what it is, and Sign In
// Again. Signing out sends the person to the sign-in screen, which brings them back to the page afterwards.
import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { Alert } from './alert';
import { Button } from './button';

export function DemoModeAlert({ title, children }: { title?: string; children: ReactNode }) {
  const session = useSession();
  return (
    <Alert
      type="info"
      title={title}
      className="mb-4"
      action={
        <Button size="sm" variant="primary" onClick={() => void session.signOut()}>
          <LogIn aria-hidden="true" />
          Sign In Again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

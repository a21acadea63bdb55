// Any unknown path (SPEC §2 Not found).
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../ui/button';

export function NotFoundPage() {
  const navigate = useNavigate();
  const goBack = () => {
    // Browser history back; opened directly (nothing to go back to inside the app), go home instead.
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center sm:py-24">
      <title>Page Not Found · Mixdesk</title>
      <p aria-hidden="true" className="text-3xl font-semibold text-subtle tabular-nums">
        404
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">Page Not Found</h1>
      <p className="text-base text-muted">The page you're looking for doesn't exist.</p>
      <Button variant="primary" className="mt-3" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Go Back
      </Button>
    </div>
  );
}

// Any unknown path (SPEC §2 Not found).
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../ui/button';

/** The browser's Navigation API (Chromium, recent Safari and Firefox), where there is one. */
const navigation = () => (window as { navigation?: { canGoBack?: boolean } }).navigation;

export function NotFoundPage() {
  const navigate = useNavigate();
  const goBack = () => {
    // Back in the browser's history, which may run through pages of the app loaded before this one (an address
    // typed after a few screens: the router's own index starts again at 0 on that load). The Navigation API
    // knows about those; without it, the router's index is all there is. A tab opened straight here has
    // nothing of the app to go back to: go home instead.
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    const canGoBack = navigation()?.canGoBack ?? (typeof index === 'number' && index > 0);
    if (canGoBack) navigate(-1);
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

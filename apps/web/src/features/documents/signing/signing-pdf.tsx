// The document itself, framed (GET /api/sign/:token/pdf): tall beside the panel on wide screens. Phones often
// show only a first page of a framed PDF, or none, so Open PDF opens it whole.
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../ui/button';
import { signingPdfUrl } from './api';

export function SigningPdf({ token }: { token: string }) {
  const headingId = useId();
  const src = signingPdfUrl(token);
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold tracking-wide text-muted uppercase">
          Document
        </h2>
        <Button asChild size="sm">
          <a href={src} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            Open PDF
          </a>
        </Button>
      </div>
      <iframe
        title="Document PDF"
        src={src}
        className="h-[70dvh] min-h-96 w-full rounded-md border border-border bg-surface-2 lg:h-[calc(100dvh-9rem)] lg:min-h-[40rem]"
      />
    </section>
  );
}

// The document itself (GET /api/sign/:token/pdf), drawn in the page by the PDF viewer (../pdf-viewer): beside
// the panel on wide screens the viewer is a tall box that scrolls, on a phone the pages run down the page and
// the zoom bar stays at the top while you read. Open PDF opens the file in the browser's own viewer, and is the
// way to read it when it cannot be drawn here.
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../ui/button';
import { PdfViewer } from '../pdf-viewer/pdf-viewer';
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
      {/* On a phone the viewer spans the screen's width (the page's own padding is 1rem): every pixel counts. */}
      <PdfViewer
        src={src}
        className="-mx-4 border-y sm:mx-0 sm:rounded-md sm:border lg:h-[calc(100dvh-9rem)] lg:min-h-[40rem]"
        pagesClassName="lg:[scrollbar-gutter:stable]"
        unavailable="Its pages could not be loaded or drawn in this browser. Open the PDF to read it in your browser's own viewer, then come back here to sign."
      />
    </section>
  );
}

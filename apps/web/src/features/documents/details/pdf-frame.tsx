// The PDF itself, shown inline (GET /api/documents/:id/download?inline=1). Phones often show only the first page
// of a framed PDF, so there is always a link to open it whole.
import { ExternalLink } from 'lucide-react';
import { inlinePdfUrl } from '../api';

export function PdfFrame({ id, revision }: { id: string; revision: number }) {
  // The revision in the address makes a re-rendered PDF load afresh after an edit.
  const src = `${inlinePdfUrl(id)}&rev=${revision}`;
  return (
    <div className="flex flex-col gap-2">
      <iframe
        title="Document PDF"
        src={src}
        className="h-[65dvh] min-h-80 w-full rounded-md border border-border bg-surface-2"
      />
      <a
        href={src}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1.5 self-start text-sm text-accent underline-offset-4 hover:underline"
      >
        <ExternalLink aria-hidden="true" className="size-3.5" />
        Open the PDF in a new tab
      </a>
    </div>
  );
}

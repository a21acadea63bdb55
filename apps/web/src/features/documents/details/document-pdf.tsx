// The PDF itself (GET /api/documents/:id/download?inline=1, authenticated by the access cookie), drawn by the
// PDF viewer (../pdf-viewer) rather than framed: phones show nothing, or only the first page, of a PDF in a
// frame. The pages run down the dialog's own scroll with the zoom bar held at its top; on a phone they span the
// dialog's width. The link to open the file whole comes first, so it is there without scrolling past the pages.
import { ExternalLink } from 'lucide-react';
import { inlinePdfUrl } from '../api';
import { PdfViewer } from '../pdf-viewer/pdf-viewer';

export function DocumentPdf({ id, revision }: { id: string; revision: number }) {
  // The revision in the address makes a re-rendered PDF load afresh after an edit.
  const src = `${inlinePdfUrl(id)}&rev=${revision}`;
  return (
    <div className="flex flex-col gap-2">
      <a
        href={src}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1.5 self-start text-sm text-accent underline-offset-4 hover:underline"
      >
        <ExternalLink aria-hidden="true" className="size-3.5" />
        Open the PDF in a new tab
      </a>
      {/* On a phone the viewer spans the dialog (its body's padding is 1.25rem): every pixel counts. The zoom bar
          stops at the very top of the dialog's body, over its 1rem padding, so no page shows above it. */}
      <PdfViewer
        src={src}
        className="-mx-5 border-y sm:mx-0 sm:rounded-md sm:border"
        toolbarTop="-top-4"
        unavailable="Its pages could not be loaded or drawn in this browser. Open the PDF to read it in your browser's own viewer."
      />
    </div>
  );
}

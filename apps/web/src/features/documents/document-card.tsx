// One document in the list (SPEC §2 Documents): title, number, type, status, the parties, the project, when it
// was made and its headline figure, with View Details, Sign (SPEC: only while sent and unsigned) and Download.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { CalendarDays, Download, Eye, FolderOpen, PenLine, Users } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { formatDay, headlineAmount, STATUS_LABELS, STATUS_TONE, TYPE_LABELS } from './document-labels';
import { canSign } from './document-rules';

interface Props {
  document: DocumentView;
  onView: (document: DocumentView) => void;
  onDownload: (document: DocumentView) => void;
  downloading: boolean;
  onSign: (document: DocumentView) => void;
  signing: boolean;
}

export function DocumentCard({ document: doc, onView, onDownload, downloading, onSign, signing }: Props) {
  const titleId = useId();
  const amount = headlineAmount(doc);
  const { primary, secondary } = doc.parties;
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col rounded-lg border border-border bg-surface shadow-sm transition-colors hover:border-border-strong"
    >
      <div className="flex flex-1 flex-col gap-2 px-4 pt-3.5 pb-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone="neutral">{TYPE_LABELS[doc.documentType]}</Badge>
          <Badge tone={STATUS_TONE[doc.status]}>{STATUS_LABELS[doc.status]}</Badge>
          {doc.overdue && <Badge tone="danger">Overdue</Badge>}
          {doc.completionError && <Badge tone="danger">Not completed</Badge>}
          <span className="ml-auto font-mono text-xs text-subtle">{doc.documentId}</span>
        </div>
        <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
          {doc.title}
        </h2>
        <ul className="flex min-w-0 flex-col gap-1 text-sm text-muted">
          <li className="flex min-w-0 items-center gap-2">
            <Users aria-label="Parties" className="size-3.5 shrink-0" />
            <span className="truncate" title={`${primary.name} and ${secondary.name}`}>
              {primary.name} <span className="text-subtle">&amp;</span> {secondary.name}
            </span>
          </li>
          {doc.project && (
            <li className="flex min-w-0 items-center gap-2">
              <FolderOpen aria-label="Project" className="size-3.5 shrink-0" />
              <span className="truncate">{doc.project.name}</span>
            </li>
          )}
          <li className="flex min-w-0 items-center gap-2">
            <CalendarDays aria-label="Created" className="size-3.5 shrink-0" />
            <time dateTime={doc.createdAt}>{formatDay(doc.createdAt)}</time>
          </li>
        </ul>
        {doc.completionError && (
          <p className="line-clamp-3 text-sm text-danger" title={doc.completionError}>
            {doc.completionError}
          </p>
        )}
        {amount && (
          <p className="mt-auto flex items-baseline justify-between gap-2 pt-1 text-sm">
            <span className="text-muted">{amount.label}</span>
            <span className="font-mono font-semibold tabular-nums">{amount.value}</span>
          </p>
        )}
      </div>
      <div className="flex items-center gap-1 border-t border-border px-2 py-1.5">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onView(doc)}
          aria-label={`View details of ${doc.title}`}
        >
          <Eye aria-hidden="true" />
          View Details
        </Button>
        {canSign(doc) && (
          <Button
            variant="ghost"
            size="sm"
            loading={signing}
            onClick={() => onSign(doc)}
            aria-label={`Sign ${doc.title}`}
          >
            {!signing && <PenLine aria-hidden="true" />}
            Sign
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          loading={downloading}
          onClick={() => onDownload(doc)}
          aria-label={`Download ${doc.title}`}
        >
          {!downloading && <Download aria-hidden="true" />}
          Download
        </Button>
      </div>
    </article>
  );
}

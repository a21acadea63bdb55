// A shared version's stems, each to download, when the link includes them (issue #36).
import type { SharedVersion } from '@mixdesk/contract/share-links';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { formatBytes } from '../format';
import { roleLabel } from '../stems/stem-labels';

export function SharedStems({ title, stems }: { title: string; stems: SharedVersion['stems'] }) {
  return (
    <section aria-label={`Stems of ${title}`} className="flex flex-col gap-2">
      <h3 className="text-base font-semibold">
        Stems <span className="font-normal text-muted">({stems.length})</span>
      </h3>
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {stems.map((stem) => (
          <li key={stem._id} className="flex items-center gap-3 px-3 py-2">
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="font-medium break-words">{stem.name}</span>
              <span className="text-xs text-muted">
                {[roleLabel(stem.role), stem.format.toUpperCase(), formatBytes(stem.size)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            <a
              href={stem.downloadUrl}
              download
              className={buttonClasses({ size: 'sm', variant: 'ghost' })}
              aria-label={`Download ${stem.name}`}
            >
              <Download aria-hidden="true" />
              <span className="max-sm:sr-only">Download</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

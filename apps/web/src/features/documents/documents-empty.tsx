// The list with nothing to show: no documents yet (generate the first), or none matching the search and filters.
import { FilePlus2, Plus, X } from 'lucide-react';
import { Button } from '../../ui/button';

export function EmptyState({
  filtered,
  onCreate,
  onClear,
}: {
  filtered: boolean;
  onCreate: () => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border-strong px-6 py-14 text-center">
      <FilePlus2 aria-hidden="true" className="size-8 text-muted" />
      <h2 className="text-lg font-semibold">{filtered ? 'No documents match' : 'No documents yet'}</h2>
      <p className="max-w-sm text-base text-muted">
        {filtered
          ? 'Nothing matches this search and these filters. Try other words or clear the filters.'
          : 'Contracts, invoices, agreements and split sheets live here, as PDFs ready to send.'}
      </p>
      {filtered ? (
        <Button onClick={onClear}>
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : (
        <Button variant="primary" onClick={onCreate}>
          <Plus aria-hidden="true" />
          Generate Your First Document
        </Button>
      )}
    </div>
  );
}

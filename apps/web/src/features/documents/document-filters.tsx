// 'Search documents...' and the status and type filters (SPEC §2 Documents). They combine.
import { DOCUMENT_SEARCH_MAX, DOCUMENT_TYPES, STATUS_FILTER_OPTIONS } from '@mixdesk/contract/documents';
import { Search, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { EMPTY_FILTERS, type DocumentFilters as Filters } from './api';
import { STATUS_LABELS, TYPE_LABELS } from './document-labels';

interface Props {
  value: Filters;
  onChange: (next: Filters) => void;
}

export function DocumentFilters({ value, onChange }: Props) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const active = Object.values(value).some((v) => v !== '');
  return (
    <search
      aria-label="Filter documents"
      className="mb-5 grid grid-cols-2 gap-2 sm:grid-cols-[minmax(14rem,2fr)_repeat(2,minmax(9rem,1fr))_auto]"
    >
      <div className="relative col-span-2 sm:col-span-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
        />
        <Input
          type="search"
          aria-label="Search documents"
          placeholder="Search documents..."
          maxLength={DOCUMENT_SEARCH_MAX}
          className="pl-8"
          value={value.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
      <Select
        aria-label="Status"
        value={value.status}
        onChange={(e) => set({ status: e.target.value as Filters['status'] })}
      >
        <option value="">All Statuses</option>
        {STATUS_FILTER_OPTIONS.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Type"
        value={value.type}
        onChange={(e) => set({ type: e.target.value as Filters['type'] })}
      >
        <option value="">All Types</option>
        {DOCUMENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABELS[t]}
          </option>
        ))}
      </Select>
      {/* On phones Clear takes a row of its own, so it shows only when there is something to clear. */}
      <div className={active ? 'col-span-2 flex sm:col-span-1' : 'hidden sm:flex'}>
        <Button variant="ghost" disabled={!active} onClick={() => onChange(EMPTY_FILTERS)} className="w-full">
          <X aria-hidden="true" />
          Clear
        </Button>
      </div>
    </search>
  );
}

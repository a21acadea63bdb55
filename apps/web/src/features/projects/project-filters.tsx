// Search, type, status and genre (SPEC §2); the list re-fetches 500 ms after the last change.
import { Search, X } from 'lucide-react';
import { EMPTY_FILTERS, type ProjectFilters as Filters } from '../../lib/projects-api';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { GENRE_OPTIONS, STATUS_OPTIONS, TYPE_OPTIONS } from '../../ui/project-labels';
import { Select } from '../../ui/select';

interface Props {
  value: Filters;
  onChange: (next: Filters) => void;
}

export function ProjectFilters({ value, onChange }: Props) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const active = Object.values(value).some((v) => v !== '');
  return (
    <search
      aria-label="Filter projects"
      className="mb-5 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_repeat(3,minmax(9rem,1fr))_auto]"
    >
      <div className="relative sm:col-span-2 lg:col-span-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
        />
        <Input
          type="search"
          aria-label="Search projects"
          placeholder="Search projects..."
          maxLength={100}
          className="pl-8"
          value={value.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
      <Select
        aria-label="Type"
        value={value.type}
        onChange={(e) => set({ type: e.target.value as Filters['type'] })}
      >
        <option value="">All Types</option>
        {TYPE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Status"
        value={value.status}
        onChange={(e) => set({ status: e.target.value as Filters['status'] })}
      >
        <option value="">All Statuses</option>
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Genre"
        value={value.genre}
        onChange={(e) => set({ genre: e.target.value as Filters['genre'] })}
      >
        <option value="">All Genres</option>
        {GENRE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <Button
        variant="ghost"
        disabled={!active}
        onClick={() => onChange(EMPTY_FILTERS)}
        className="sm:justify-self-start"
      >
        <X aria-hidden="true" />
        Clear
      </Button>
    </search>
  );
}

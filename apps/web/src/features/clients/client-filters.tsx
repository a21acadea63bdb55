// 'Search clients...' over name, email and company, and All Roles / All Types / All Statuses (SPEC §2). Every
// option's label is its value's words capitalised (CLIENT_*_LABELS: 'a_and_r' is "A&R"). All filters combine.
import {
  CLIENT_ROLE_LABELS,
  CLIENT_STATUS_LABELS,
  CLIENT_TYPE_LABELS,
} from '@mixdesk/contract/client-labels';
import { CLIENT_ROLES, CLIENT_SEARCH_MAX, CLIENT_STATUSES, CLIENT_TYPES } from '@mixdesk/contract/clients';
import { Search, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { EMPTY_FILTERS, type ClientFilters as Filters } from './api';

interface Props {
  value: Filters;
  onChange: (next: Filters) => void;
}

const SELECTS = [
  { key: 'role', label: 'Role', all: 'All Roles', values: CLIENT_ROLES, labels: CLIENT_ROLE_LABELS },
  { key: 'type', label: 'Type', all: 'All Types', values: CLIENT_TYPES, labels: CLIENT_TYPE_LABELS },
  {
    key: 'status',
    label: 'Status',
    all: 'All Statuses',
    values: CLIENT_STATUSES,
    labels: CLIENT_STATUS_LABELS,
  },
] as const;

export function ClientFilters({ value, onChange }: Props) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const active = Object.values(value).some((v) => v !== '');
  return (
    <search
      aria-label="Filter clients"
      className="mb-5 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-[minmax(16rem,2fr)_repeat(3,minmax(9rem,1fr))_auto]"
    >
      <div className="relative col-span-2 sm:col-span-4 lg:col-span-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
        />
        <Input
          type="search"
          aria-label="Search clients"
          placeholder="Search clients..."
          maxLength={CLIENT_SEARCH_MAX}
          className="pl-8"
          value={value.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
      {SELECTS.map((s) => (
        <Select
          key={s.key}
          aria-label={s.label}
          value={value[s.key]}
          onChange={(e) => set({ [s.key]: e.target.value } as Partial<Filters>)}
        >
          <option value="">{s.all}</option>
          {s.values.map((v) => (
            <option key={v} value={v}>
              {(s.labels as Record<string, string>)[v]}
            </option>
          ))}
        </Select>
      ))}
      <Button variant="ghost" disabled={!active} onClick={() => onChange(EMPTY_FILTERS)}>
        <X aria-hidden="true" />
        Clear
      </Button>
    </search>
  );
}

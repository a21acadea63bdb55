// Quick Actions (SPEC §2 Dashboard): the shortcuts that do real work today. Each opens its screen's create form
// through the address (?new=1), so the form is where it always is, with the list behind it.
import { FilePlus2, FolderPlus, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card, CardTitle } from '../../ui/card';

export const NEW_PROJECT_PATH = '/projects?new=1';
export const NEW_DOCUMENT_PATH = '/documents?new=1';

const ACTIONS: { label: string; hint: string; to: string; icon: LucideIcon }[] = [
  { label: 'New Project', hint: 'Start a record, EP or single', to: NEW_PROJECT_PATH, icon: FolderPlus },
  { label: 'Generate Docs', hint: 'Contract, invoice or agreement', to: NEW_DOCUMENT_PATH, icon: FilePlus2 },
];

export function QuickActions({ className }: { className?: string }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={className}>
      <div className="px-5 pt-5 pb-3">
        <CardTitle id={titleId}>Quick Actions</CardTitle>
      </div>
      <ul className="grid grid-cols-2 gap-2 px-5 pb-5">
        {ACTIONS.map(({ label, hint, to, icon: Icon }) => (
          <li key={label} className="flex min-w-0">
            <Link
              to={to}
              className="group flex w-full min-w-0 flex-col gap-1.5 rounded-md border border-border bg-surface-2 px-3 py-3 transition-colors hover:border-border-strong hover:bg-surface-3"
            >
              <Icon aria-hidden="true" className="size-5 text-accent" />
              <span className="text-base font-medium group-hover:text-accent">{label}</span>
              <span className="text-xs text-muted">{hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

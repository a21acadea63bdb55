// Quick Actions (SPEC §2 Dashboard): the shortcuts that do real work today. The create forms open on their own
// screen through the address (?new=1), so the form is where it always is, with the list behind it; the audio
// analysis (SPEC's "GPU Audio Analysis", which runs on the CPU) and the loudness mastering (SPEC's "AI Mastering",
// a measured gain and limiter, no AI) open their version pickers here. The pickers belong to the analysis and
// mastering features: the route (app/) hands them in.
import { Activity, FilePlus2, FolderPlus, Gauge, type LucideIcon } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardTitle } from '../../ui/card';

/** A version picker in a dialog, opened by its tile. */
export type PickerDialog = ComponentType<{ open: boolean; onClose: () => void }>;

/** The audio analysis picker and the loudness mastering picker. */
export interface QuickActionPickers {
  Analysis: PickerDialog;
  Mastering: PickerDialog;
}

export const NEW_PROJECT_PATH = '/projects?new=1';
export const NEW_DOCUMENT_PATH = '/documents?new=1';

const ACTIONS: { label: string; hint: string; to: string; icon: LucideIcon }[] = [
  { label: 'New Project', hint: 'Start a record, EP or single', to: NEW_PROJECT_PATH, icon: FolderPlus },
  { label: 'Generate Docs', hint: 'Contract, invoice or agreement', to: NEW_DOCUMENT_PATH, icon: FilePlus2 },
];

const TILE =
  'group flex w-full min-w-0 flex-col gap-1.5 rounded-md border border-border bg-surface-2 px-3 py-3 transition-colors hover:border-border-strong hover:bg-surface-3';

export function QuickActions({ className, pickers }: { className?: string; pickers: QuickActionPickers }) {
  const { Analysis, Mastering } = pickers;
  const titleId = useId();
  const [analysing, setAnalysing] = useState(false);
  const [mastering, setMastering] = useState(false);
  return (
    <Card aria-labelledby={titleId} className={className}>
      <div className="px-5 pt-5 pb-3">
        <CardTitle id={titleId}>Quick Actions</CardTitle>
      </div>
      <ul className="grid grid-cols-2 gap-2 px-5 pb-5">
        {ACTIONS.map(({ label, hint, to, icon: Icon }) => (
          <li key={label} className="flex min-w-0">
            <Link to={to} className={TILE}>
              <Icon aria-hidden="true" className="size-5 text-accent" />
              <span className="text-base font-medium group-hover:text-accent">{label}</span>
              <span className="text-xs text-muted">{hint}</span>
            </Link>
          </li>
        ))}
        <li className="flex min-w-0">
          <button
            type="button"
            onClick={() => setAnalysing(true)}
            className={`${TILE} cursor-pointer text-left`}
          >
            <Activity aria-hidden="true" className="size-5 text-accent" />
            <span className="text-base font-medium group-hover:text-accent">GPU Audio Analysis</span>
            <span className="text-xs text-muted">Loudness, peaks, tempo: measured on the CPU</span>
          </button>
        </li>
        <li className="flex min-w-0">
          <button
            type="button"
            onClick={() => setMastering(true)}
            className={`${TILE} cursor-pointer text-left`}
          >
            <Gauge aria-hidden="true" className="size-5 text-accent" />
            <span className="text-base font-medium group-hover:text-accent">AI Mastering</span>
            <span className="text-xs text-muted">Loudness to a target under a peak ceiling</span>
          </button>
        </li>
      </ul>
      <Analysis open={analysing} onClose={() => setAnalysing(false)} />
      <Mastering open={mastering} onClose={() => setMastering(false)} />
    </Card>
  );
}

// One card of SPEC §2 Settings: a title and a one-line summary, Configure to open its settings, and Save Changes,
// which saves what was changed in the card (and says so when there is nothing to save).
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';

export interface SettingsCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  summary: ReactNode;
  open: boolean;
  onConfigure: () => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  /** Said beside Save Changes when nothing in the card is waiting to be saved. */
  idleHint?: string;
  children: ReactNode;
}

export function SettingsCard({
  icon,
  title,
  description,
  summary,
  open,
  onConfigure,
  dirty,
  saving,
  onSave,
  idleHint = 'No unsaved changes',
  children,
}: SettingsCardProps) {
  const panelId = useId();
  return (
    <Card aria-labelledby={`${panelId}-title`} className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-md bg-accent-soft text-accent [&_svg]:size-5">
          {icon}
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <CardTitle id={`${panelId}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="text-base text-muted">{summary}</div>
        {open && (
          <div id={panelId} className="flex flex-col gap-4 border-t border-border pt-4">
            {children}
          </div>
        )}
      </CardContent>
      <CardFooter className="flex-wrap justify-between">
        <Button onClick={onConfigure} aria-expanded={open} aria-controls={open ? panelId : undefined}>
          <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          Configure
        </Button>
        <div className="ml-auto flex items-center gap-3">
          {!dirty && !saving && <span className="text-sm text-subtle">{idleHint}</span>}
          <Button variant="primary" onClick={onSave} disabled={!dirty} loading={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}

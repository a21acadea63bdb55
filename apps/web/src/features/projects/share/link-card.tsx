// One share link on the Share tab: its label and status, what it shares, its password, expiry, download and
// comment settings, how often it was opened, played, downloaded and commented on, and its access log.
import type { ShareLink } from '@mixdesk/contract/share-links';
import { ChevronDown, Clock3, Download, Lock, MessageSquare, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { timeAgo } from '../../../lib/time-ago';
import { useNow } from '../../../lib/use-now';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { formatWhen } from '../tracks/track-labels';
import { AccessLog } from './access-log';
import { type LinkFactId, linkFacts, STATUS_LABEL, STATUS_TONE, sharedWhat } from './share-labels';

const FACT_ICON: Record<LinkFactId, typeof Lock> = {
  password: Lock,
  expiry: Clock3,
  download: Download,
  comments: MessageSquare,
};

const COUNTS = [
  ['opened', 'Opened'],
  ['played', 'Played'],
  ['downloaded', 'Downloaded'],
  ['commented', 'Commented'],
] as const;

export function LinkCard({
  link,
  projectId,
  onRevoke,
}: {
  link: ShareLink;
  projectId: string;
  onRevoke: (link: ShareLink) => void;
}) {
  const id = useId();
  const now = useNow();
  const [logOpen, setLogOpen] = useState(false);

  return (
    <Card
      aria-labelledby={`${id}-label`}
      className={cn('flex flex-col gap-3 p-4', link.status !== 'active' && 'bg-surface-2')}
    >
      <div className="flex items-start justify-between gap-x-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`${id}-label`} className="text-base font-semibold break-words">
              {link.label}
            </h3>
            <Badge tone={STATUS_TONE[link.status]}>{STATUS_LABEL[link.status]}</Badge>
          </div>
          <p className="text-sm break-words text-muted">
            <span className="text-text">{sharedWhat(link)}</span>
            {' · '}
            Created {formatWhen(link.createdAt)}
            {link.createdBy ? ` by ${link.createdBy.name}` : ''}
            {link.revokedAt ? ` · Revoked ${formatWhen(link.revokedAt)}` : ''}
          </p>
        </div>
        {link.status === 'active' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onRevoke(link)}
            aria-label={`Revoke ${link.label}`}
          >
            <Trash2 aria-hidden="true" />
            <span className="max-sm:sr-only">Revoke</span>
          </Button>
        )}
      </div>

      <ul aria-label="Settings" className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm">
        {linkFacts(link).map((fact) => {
          const Icon = FACT_ICON[fact.id];
          return (
            <li
              key={fact.id}
              className={cn('flex items-center gap-1.5', fact.on ? 'text-text' : 'text-muted')}
            >
              <Icon aria-hidden="true" className={cn('size-3.5', fact.on ? 'text-accent' : 'text-subtle')} />
              {fact.text}
            </li>
          );
        })}
      </ul>

      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3 border-t border-border pt-3">
        <dl className="flex w-full justify-between gap-x-3 sm:w-auto sm:justify-start sm:gap-x-6">
          {COUNTS.map(([key, label]) => (
            <div key={key} className="flex flex-col">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="font-mono text-base tabular-nums">{link.counts[key].toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted">
          {link.lastOpenedAt ? (
            <>
              Last opened <time dateTime={link.lastOpenedAt}>{timeAgo(link.lastOpenedAt, now)}</time>
            </>
          ) : (
            'Never opened'
          )}
        </p>
      </div>

      <div className="-mx-1 flex flex-col gap-2">
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          aria-expanded={logOpen}
          aria-controls={logOpen ? `${id}-log` : undefined}
          onClick={() => setLogOpen((open) => !open)}
        >
          <ChevronDown aria-hidden="true" className={cn('transition-transform', logOpen && 'rotate-180')} />
          Access log
        </Button>
        {logOpen && (
          <div className="px-1">
            <AccessLog projectId={projectId} linkId={link._id} id={`${id}-log`} />
          </div>
        )}
      </div>
    </Card>
  );
}

// The page to send, shown once after a link is created: the server keeps only a hash of its token, so this is
// the only moment the address exists. A Copy button, and the plain text to select where copying is refused.
import type { ShareLink } from '@mixdesk/contract/share-links';
import { Link2 } from 'lucide-react';
import { useId } from 'react';
import { Card } from '../../../ui/card';
import { CopyOnceField } from '../../../ui/copy-once-field';

export function CreatedLinkPanel({ link, onDone }: { link: ShareLink; onDone: () => void }) {
  const id = useId();
  const url = link.url ?? '';

  return (
    <Card aria-labelledby={`${id}-title`} className="flex flex-col gap-3 border-accent/60 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
          <Link2 aria-hidden="true" className="size-4" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={`${id}-title`} className="text-base font-semibold break-words">
            “{link.label}” is ready to send
          </h3>
          <p className="text-sm text-muted">
            Copy the link now: it will not be shown again. If it is lost, revoke it and create a new one.
          </p>
        </div>
      </div>
      <CopyOnceField label="Share link URL" value={url} what="link" onDone={onDone} />
    </Card>
  );
}

// The page to send, shown once after a link is created: the server keeps only a hash of its token, so this is
// the only moment the address exists. A Copy button, and the plain text to select where copying is refused.
import type { ShareLink } from '@mixdesk/contract/share-links';
import { Check, Copy, Link2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Input } from '../../../ui/input';

type CopyState = 'idle' | 'copied' | 'refused';

export function CreatedLinkPanel({ link, onDone }: { link: ShareLink; onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const url = link.url ?? '';

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch (error) {
      // No clipboard (an insecure page, a browser that asks first): select it for the person to copy.
      console.warn('Copying the share link was refused', error);
      input.current?.select();
      setCopy('refused');
    }
  };

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
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-url`} className="sr-only">
          Share link URL
        </label>
        <Input
          ref={input}
          id={`${id}-url`}
          value={url}
          readOnly
          spellCheck={false}
          className="font-mono text-sm sm:text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="flex gap-2">
          <Button variant="primary" className="flex-1 sm:flex-none" onClick={() => void copyUrl()}>
            {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
      <p role="status" className="text-sm text-muted empty:hidden">
        {copy === 'copied'
          ? 'The link is on your clipboard.'
          : copy === 'refused'
            ? 'Your browser did not allow copying: the link is selected, copy it with Ctrl+C (⌘C on a Mac).'
            : ''}
      </p>
    </Card>
  );
}

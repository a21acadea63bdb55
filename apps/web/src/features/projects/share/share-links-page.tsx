// /projects/:id/share: links that let people without an account listen (and, if allowed, download and
// comment) — made, watched and revoked here by the owner and editors. A new link's address is shown once.
import type { ShareLink } from '@mixdesk/contract/share-links';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Skeleton } from '../../../ui/skeleton';
import { useToast } from '../../../ui/toast';
import { mediaErrorMessage } from '../media/media-errors';
import { useProjectOutlet } from '../project-layout';
import { fetchShareLinks, revokeShareLink, shareLinkKeys } from './api';
import { CreatedLinkPanel } from './created-link-panel';
import { LinkCard } from './link-card';
import { NewLinkDialog } from './new-link-dialog';

export function ShareLinksPage() {
  const { project } = useProjectOutlet();
  const projectId = project._id;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const mayShare = project.access !== 'view';

  const links = useQuery({
    queryKey: shareLinkKeys.list(projectId),
    queryFn: ({ signal }) => fetchShareLinks(projectId, signal),
    enabled: mayShare,
    // The counts move while guests listen: coming back to the tab reads them again.
    staleTime: 0,
  });
  const list = links.data ?? [];
  // The cached list never keeps a link's address: it is shown once, in the panel.
  const addLink = (link: ShareLink) =>
    queryClient.setQueryData<ShareLink[]>(shareLinkKeys.list(projectId), (old) => [
      { ...link, url: null },
      ...(old ?? []),
    ]);
  const replaceLink = (link: ShareLink) =>
    queryClient.setQueryData<ShareLink[]>(shareLinkKeys.list(projectId), (old) =>
      old?.map((l) => (l._id === link._id ? { ...link, url: null } : l)),
    );

  if (!mayShare) {
    return (
      <Card className="flex flex-col items-center gap-2 px-5 py-12 text-center">
        <title>{`Share · ${project.title} · Mixdesk`}</title>
        <p className="text-lg font-semibold">Sharing is for the owner and editors</p>
        <p className="max-w-sm text-base text-muted">
          Ask {project.owner.name} for a share link if someone outside the project should listen.
        </p>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <title>{`Share · ${project.title} · Mixdesk`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-lg font-semibold">
            Share links <span className="font-normal text-muted">({list.length})</span>
          </h2>
          <p className="max-w-2xl text-base text-muted">
            Send a mix to people without an account. Each link has its own password, expiry and access log,
            and stops working the moment you revoke it.
          </p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New share link
        </Button>
      </div>

      {created && <CreatedLinkPanel link={created} onDone={() => setCreated(null)} />}

      {links.isPending ? (
        <div className="flex flex-col gap-3">
          <p role="status" className="sr-only">
            Loading share links...
          </p>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : links.isError ? (
        <Alert
          type="error"
          title="Connection Error"
          action={
            <Button size="sm" onClick={() => void links.refetch()}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {mediaErrorMessage(links.error, 'Failed to load the share links')}
        </Alert>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-5 py-12 text-center">
          <Link2 aria-hidden="true" className="size-8 text-subtle" />
          <p className="text-lg font-semibold">No share links yet</p>
          <p className="max-w-sm text-base text-muted">
            Create one to let an artist, a label or a friend listen in the browser and leave comments.
          </p>
        </Card>
      ) : (
        <ul aria-label="Share links" className="flex flex-col gap-3">
          {list.map((link) => (
            <li key={link._id}>
              <LinkCard link={link} projectId={projectId} onRevoke={setRevoking} />
            </li>
          ))}
        </ul>
      )}

      <NewLinkDialog
        projectId={projectId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(link) => {
          setCreated(link);
          addLink(link);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke share link?"
        description={
          revoking ? (
            <>
              <strong className="font-semibold text-text">{revoking.label}</strong> stops working at once for
              everyone who has it. Its access log is kept.
            </>
          ) : null
        }
        confirmLabel="Revoke Link"
        onConfirm={() => revokeShareLink(projectId, revoking!._id)}
        onClose={() => setRevoking(null)}
        errorMessage={(error) => mediaErrorMessage(error, 'Failed to revoke the link')}
        onDone={(link) => {
          replaceLink(link);
          if (created?._id === link._id) setCreated(null);
          toast.notify('success', `${link.label} was revoked`);
        }}
      />
    </div>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ShareLinksPage as Component };

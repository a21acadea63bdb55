// One shared track as a guest sees it: the player (streaming through the link, its listening reported for the
// access log), Download and Download all (the version's package) when the link allows it, its stems when the
// link includes them, and when it allows comments, the link's comments with their
// marks on the waveform and a form to add one at the playhead.
import type { Comment } from '@mixdesk/contract/comments';
import type { SharedTrack, ShareView } from '@mixdesk/contract/share-links';
import { useQuery } from '@tanstack/react-query';
import { Download, FolderDown } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card';
import { CommentBands, CommentLane } from '../comments/comment-markers';
import { sortComments } from '../comments/use-comments';
import { startDownload } from '../media/download';
import { type PlayerHandle, TrackPlayer } from '../tracks/track-player';
import { fetchGuestComments, sharedKeys } from './api';
import { GuestComments } from './guest-comments';
import { SharedStems } from './shared-stems';
import { useListenReports } from './use-listen-reports';

export function SharedTrackCard({
  token,
  share,
  track,
}: {
  token: string;
  share: ShareView;
  track: SharedTrack;
}) {
  const version = track.version;
  const player = useRef<PlayerHandle>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const { onPlayback, listenId } = useListenReports(token, version._id);
  // Without downloads the server logs each stream as a listen: the URL names the page's listen (one row for
  // the stream and the page's reports), and nothing is fetched before Play (a preload is no listen).
  const streamed = share.allowDownload
    ? version
    : { ...version, audioUrl: `${version.audioUrl}?listen=${listenId()}` };
  const comments = useQuery({
    queryKey: sharedKeys.comments(token, version._id),
    queryFn: ({ signal }) => fetchGuestComments(version.commentsUrl, signal).then(sortComments),
    enabled: share.allowComments,
  });
  const threads = (comments.data ?? []).filter((c) => c.parentId === null);
  const open = (c: Comment) => {
    player.current?.seek(c.at);
    setOpenId(c._id);
  };

  return (
    <Card aria-labelledby={`shared-${track._id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle id={`shared-${track._id}-title`} className="min-w-0 break-words">
          {track.title}
        </CardTitle>
        {(version.downloadUrl || version.packageUrl) && (
          <div className="flex flex-wrap gap-2">
            {version.downloadUrl && (
              <Button size="sm" onClick={() => void startDownload(version.downloadUrl!, false)}>
                <Download aria-hidden="true" />
                Download
              </Button>
            )}
            {version.packageUrl && (
              <a
                href={version.packageUrl}
                download
                className={buttonClasses({ size: 'sm' })}
                aria-label={`Download all of ${track.title} (ZIP)`}
              >
                <FolderDown aria-hidden="true" />
                Download all
              </a>
            )}
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <section aria-label="Player" className="rounded-md border border-border p-3">
          <TrackPlayer
            version={streamed}
            trackTitle={track.title}
            handle={player}
            preload={share.allowDownload ? 'metadata' : 'none'}
            access="link"
            downloadUrl={null}
            onPlayback={onPlayback}
            overlay={
              share.allowComments
                ? (duration) => <CommentBands threads={threads} duration={duration} />
                : undefined
            }
            lane={
              share.allowComments
                ? (duration) => (
                    <CommentLane threads={threads} duration={duration} openId={openId} onOpen={open} />
                  )
                : undefined
            }
          />
        </section>
        {version.stems.length > 0 && <SharedStems title={track.title} stems={version.stems} />}
        {share.allowComments && (
          <GuestComments
            token={token}
            version={version}
            comments={comments}
            playhead={() => player.current?.currentTime() ?? 0}
            onSeek={(seconds) => player.current?.seek(seconds)}
            openId={openId}
            onOpen={setOpenId}
          />
        )}
      </CardContent>
    </Card>
  );
}

// Plays one version of a track: play/pause, the time, and the waveform to seek with. The browser streams the
// audio with HTTP ranges, so seeking jumps without downloading the whole file; the access cookie that lets it
// in is renewed before playing and once more if the stream is refused. A share link's public page plays through
// it too: its URLs carry the link's token, so there is no session to renew and no account call to make.
import type { TrackVersion } from '@mixdesk/contract/media';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { mediaKeys } from '../../../lib/media-keys';
import { fetchPeaks } from '../../../lib/tracks-api';
import { ensureFreshSession } from '../../../lib/upload';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { PlayButton } from '../../../ui/play-button';
import { formatDuration } from '../format';
import { startDownload } from '../media/download';
import { browserPlays, pickSource, readDataSaver, writeDataSaver } from './listening';
import { audioDetails } from './track-labels';
import { Waveform } from './waveform';

/** What the player needs of a version: a project member's TrackVersion, or a share link's SharedVersion. */
export type PlayableVersion = Pick<
  TrackVersion,
  '_id' | 'label' | 'duration' | 'format' | 'sampleRate' | 'bitDepth' | 'channels' | 'audioUrl' | 'peaksUrl'
> &
  Partial<Pick<TrackVersion, 'mime' | 'copies'>> & { isCurrent?: boolean };

/** What the audio did, for a page that reports listening (a share link's play counts). */
export type PlaybackEvent = 'play' | 'progress' | 'pause' | 'ended' | 'seeking';

/** What the page around the player may ask of it: the playhead's time, and a jump. */
export interface PlayerHandle {
  currentTime(): number;
  seek(seconds: number): void;
  pause(): void;
}

export function TrackPlayer({
  version,
  trackTitle,
  playRequest = 0,
  handle,
  overlay,
  lane,
  access = 'session',
  downloadUrl,
  onPlayback,
  actions,
  preload = 'metadata',
}: {
  version: PlayableVersion;
  trackTitle: string;
  /** Starts playing whenever it grows (a Play elsewhere on the page, such as the mastering dialog's). */
  playRequest?: number;
  handle?: Ref<PlayerHandle>;
  /** Drawn over the waveform (not clickable), given the duration shown: the comments' marks. */
  overlay?: (duration: number) => ReactNode;
  /** A row under the waveform, aligned with it, given the duration shown: the comment markers. */
  lane?: (duration: number) => ReactNode;
  /** How the browser is let in to the audio: the signed-in session (renewed when needed) or a share link. */
  access?: 'session' | 'link';
  /** Where Download goes: by default the member's download of the audio; null shows no Download button. */
  downloadUrl?: string | null;
  /** Told of each play, pause, end, seek and time update, with the playhead's seconds. */
  onPlayback?: (event: PlaybackEvent, seconds: number) => void;
  /** Buttons beside Download (the track page's Compare). */
  actions?: ReactNode;
  /** 'none' where fetching the audio is itself logged (a share link without downloads: a listen). */
  preload?: 'metadata' | 'none';
}) {
  const download = downloadUrl === undefined ? `${version.audioUrl}?download=1` : downloadUrl;
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(version.duration);
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  const resumeAt = useRef<number | null>(null);
  // Which file plays: the original, or a listening copy (listening.ts); data saver is remembered per device.
  const [dataSaver, setDataSaver] = useState(readDataSaver);
  const source = pickSource(version, { dataSaver, canPlay: browserPlays });
  const resumePlaying = useRef(false);
  const switchSaver = (on: boolean) => {
    const el = audio.current;
    // The same version from another file: on from the same point, playing if it was.
    resumeAt.current = el?.currentTime ?? current;
    resumePlaying.current = Boolean(el && !el.paused);
    writeDataSaver(on);
    setDataSaver(on);
  };

  const peaks = useQuery({
    queryKey: mediaKeys.peaks(version._id),
    queryFn: ({ signal }) => fetchPeaks(version.peaksUrl, signal, access === 'session'),
    // The waveform job runs just after the upload: look again until it is done.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
    staleTime: (query) => (query.state.data?.status === 'ready' ? Number.POSITIVE_INFINITY : 0),
  });

  // A new version starts from the beginning, stopped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the version changes
  useEffect(() => {
    setPlaying(false);
    setCurrent(0);
    setDuration(version.duration);
    setFailed(false);
    retried.current = false;
  }, [version._id]);

  // While playing, follow the playhead every frame (timeupdate alone moves in visible jumps).
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function follow() {
      if (audio.current) setCurrent(audio.current.currentTime);
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const toggle = useCallback(async () => {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) {
      el.pause();
      return;
    }
    setFailed(false);
    if (access === 'session') await ensureFreshSession();
    try {
      await el.play();
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    }
  }, [access]);

  // A Play pressed elsewhere: start the version now in the player, after the reset above.
  const handledRequest = useRef(playRequest);
  useEffect(() => {
    if (playRequest === handledRequest.current) return;
    handledRequest.current = playRequest;
    const el = audio.current;
    if (el?.paused) void toggle();
  }, [playRequest, toggle]);

  const seek = useCallback((seconds: number) => {
    setCurrent(seconds);
    const el = audio.current;
    if (!el) return;
    if (el.readyState === 0) {
      resumeAt.current = seconds;
      el.load();
    } else el.currentTime = seconds;
  }, []);

  const currentRef = useRef(current);
  currentRef.current = current;
  useImperativeHandle(
    handle,
    () => ({ currentTime: () => currentRef.current, seek, pause: () => audio.current?.pause() }),
    [seek],
  );

  // A refused stream is usually an expired access cookie: renew it and try once more from the same spot.
  const onError = async () => {
    const el = audio.current;
    if (!el || retried.current) {
      setFailed(true);
      setPlaying(false);
      return;
    }
    retried.current = true;
    resumeAt.current = current;
    if (access === 'session') await ensureFreshSession();
    el.load();
  };

  const shown = peaks.data?.status === 'ready' ? peaks.data.duration : duration;
  return (
    <div className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/useMediaCaption: music mixes have no captions to offer */}
      <audio
        ref={audio}
        src={source.url}
        preload={preload}
        onPlay={(e) => {
          setPlaying(true);
          onPlayback?.('play', e.currentTarget.currentTime);
        }}
        onPause={(e) => {
          setPlaying(false);
          onPlayback?.('pause', e.currentTarget.currentTime);
        }}
        onEnded={(e) => {
          setPlaying(false);
          onPlayback?.('ended', e.currentTarget.currentTime);
        }}
        onSeeking={(e) => onPlayback?.('seeking', e.currentTarget.currentTime)}
        onTimeUpdate={(e) => {
          setCurrent(e.currentTarget.currentTime);
          onPlayback?.('progress', e.currentTarget.currentTime);
        }}
        onLoadedMetadata={(e) => {
          const el = e.currentTarget;
          if (Number.isFinite(el.duration) && el.duration > 0) setDuration(el.duration);
          if (resumeAt.current !== null) {
            el.currentTime = resumeAt.current;
            resumeAt.current = null;
          }
          if (resumePlaying.current) {
            resumePlaying.current = false;
            void el.play().catch(() => setFailed(true));
          }
        }}
        onError={onError}
      />
      <div className="flex items-center gap-3">
        <PlayButton playing={playing} onClick={toggle} />
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium">{version.label}</span>
            {version.isCurrent && <Badge tone="accent">Current</Badge>}
          </p>
          <p className="truncate text-xs text-muted">{audioDetails(version)}</p>
        </div>
        {actions}
        {download !== null && (
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Download ${version.label}`}
            onClick={() => void startDownload(download, access === 'session')}
          >
            <Download aria-hidden="true" />
          </Button>
        )}
      </div>
      <Waveform
        peaks={peaks.data?.peaks ?? []}
        status={peaks.data?.status ?? 'loading'}
        duration={shown}
        current={current}
        onSeek={seek}
        label={`Seek in ${trackTitle} · ${version.label}`}
      >
        {overlay?.(shown)}
      </Waveform>
      {lane?.(shown)}
      {version.copies && access === 'session' && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted">
          <span data-testid="player-source">
            {source.copy === 'original'
              ? 'Original file'
              : source.copy === 'lossless'
                ? 'Lossless copy (FLAC)'
                : 'Compact copy (AAC)'}
            {source.note && <span className="block text-warning">{source.note}</span>}
          </span>
          <Checkbox
            label="Data saver"
            className="[&_label]:text-xs"
            checked={dataSaver}
            onCheckedChange={(checked) => switchSaver(checked === true)}
          />
        </div>
      )}
      <p className="-mt-1 flex justify-between font-mono text-xs text-muted tabular-nums">
        <span data-testid="player-time">{formatDuration(current)}</span>
        <span>
          <span className="sr-only">of </span>
          <span data-testid="player-duration">{formatDuration(shown)}</span>
        </span>
      </p>
      {failed && (
        <Alert type="error">
          This audio could not be played. Check your connection and press Play again.
        </Alert>
      )}
    </div>
  );
}

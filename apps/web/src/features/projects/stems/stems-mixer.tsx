// The stems played with the mix in one transport (issue #36): one <audio> per source, all playing at once, the
// silent ones at volume 0 (mixer-model.ts decides which), so a Solo, a Mute or the Mix/Stems switch is heard at
// once, without a gap. The mix leads: every frame each stem is kept within 15 ms of it (compare-sync.ts), a
// seek moves them all, and a stem loaded later joins where the mix is. At most 16 stems play at once; with
// more, a picker says which 16.
import type { TrackVersion } from '@mixdesk/contract/media';
import type { Stem } from '@mixdesk/contract/stems';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { mediaKeys } from '../../../lib/media-keys';
import { fetchPeaks } from '../../../lib/tracks-api';
import { ensureFreshSession } from '../../../lib/upload';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { PlayButton } from '../../../ui/play-button';
import { Select } from '../../../ui/select';
import { formatDuration } from '../format';
import { KEEP_WITHIN_S, place } from '../tracks/compare-sync';
import { browserPlays, pickSource } from '../tracks/listening';
import { Waveform } from '../tracks/waveform';
import {
  audible,
  INITIAL_MIXER,
  keepKnown,
  type Listen,
  MIXER_MAX_STEMS,
  mixerPages,
  toggleMute,
  toggleSolo,
} from './mixer-model';
import { MixerStrip, MixRow } from './mixer-strip';

/** An element with enough data to play on: only then is it moved to follow the mix. */
const HAVE_FUTURE_DATA = 3;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function StemsMixer({
  version,
  trackTitle,
  stems,
  renderStem,
}: {
  version: TrackVersion;
  trackTitle: string;
  stems: Stem[];
  /** A stem's name, details, issues and actions, beside its Mute and Solo. */
  renderStem: (stem: Stem) => ReactNode;
}) {
  const mixEl = useRef<HTMLAudioElement>(null);
  const stemEls = useRef(new Map<string, HTMLAudioElement>());
  const [mixer, setMixer] = useState(INITIAL_MIXER);
  const [page, setPage] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(version.duration);
  const [failed, setFailed] = useState(false);
  const [unplayable, setUnplayable] = useState<ReadonlySet<string>>(new Set());
  // The mix streams as the player would (the original, or its lossless copy where this browser cannot play it):
  // never the compact copy, whose encoder delay would put it out of step with the stems.
  const mixSource = pickSource(version, { dataSaver: false, canPlay: browserPlays });

  const pages = mixerPages(stems.length);
  const onPage = Math.min(page, Math.max(0, pages.length - 1));
  const inPlayer = stems.slice(onPage * MIXER_MAX_STEMS, (onPage + 1) * MIXER_MAX_STEMS);
  const ids = inPlayer.map((s) => s._id);
  const heard = audible(mixer, ids);

  // A deleted stem's solo or mute is forgotten.
  const allIds = stems.map((s) => s._id).join(',');
  useEffect(() => setMixer((m) => keepKnown(m, allIds.split(','))), [allIds]);

  // Volumes after every render: heard at 1, the rest at 0 (never paused, so turning one on is instant).
  useEffect(() => {
    if (mixEl.current) mixEl.current.volume = heard.mix ? 1 : 0;
    for (const id of ids) {
      const el = stemEls.current.get(id);
      if (el) el.volume = heard.stems[id] ? 1 : 0;
    }
  });

  const stemElements = () =>
    ids.map((id) => stemEls.current.get(id)).filter((el): el is HTMLAudioElement => Boolean(el));

  const peaks = useQuery({
    queryKey: mediaKeys.peaks(version._id),
    queryFn: ({ signal }) => fetchPeaks(version.peaksUrl, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });

  const toggle = async () => {
    const mix = mixEl.current;
    if (!mix) return;
    if (!mix.paused) {
      mix.pause();
      for (const el of stemElements()) el.pause();
      return;
    }
    setFailed(false);
    await ensureFreshSession();
    for (const el of stemElements()) place(el, mix.currentTime);
    const started = await Promise.allSettled([mix.play(), ...stemElements().map((el) => el.play())]);
    const first = started[0];
    if (first?.status === 'rejected' && !isAbort(first.reason)) setFailed(true);
  };

  const seek = (seconds: number) => {
    place(mixEl.current, seconds);
    for (const el of stemElements()) place(el, seconds);
    setCurrent(seconds);
  };

  // While playing: follow the mix every frame, keep each stem with it, and start again a stem that had ended
  // once the mix is back within its length (a seek backwards).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the elements are read through refs
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function follow() {
      const mix = mixEl.current;
      if (mix) {
        const t = mix.currentTime;
        setCurrent(t);
        for (const el of stemElements()) {
          const end = Number.isFinite(el.duration) ? el.duration : Number.POSITIVE_INFINITY;
          if (el.seeking || el.readyState < HAVE_FUTURE_DATA || t >= end) continue;
          if (Math.abs(el.currentTime - t) > KEEP_WITHIN_S) place(el, t);
          if (el.paused) void el.play().catch(() => undefined);
        }
      }
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, allIds, onPage]);

  const stopAll = () => {
    for (const el of stemElements()) el.pause();
    setPlaying(false);
  };

  // A stem loaded after the start (a new upload, another page of stems) joins the mix where it is.
  const joinMix = (el: HTMLAudioElement) => {
    const mix = mixEl.current;
    if (!mix) return;
    place(el, mix.currentTime);
    if (!mix.paused) void el.play().catch(() => undefined);
  };

  const setListen = (listen: Listen) => setMixer((m) => ({ ...m, listen }));

  return (
    <div className="flex flex-col gap-3" data-testid="stems-mixer" data-listen={mixer.listen}>
      {/* biome-ignore lint/a11y/useMediaCaption: music has no captions to offer */}
      <audio
        ref={mixEl}
        data-testid="mix-audio"
        src={mixSource.url}
        preload="metadata"
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration;
          if (Number.isFinite(d) && d > 0) setDuration(d);
        }}
        onPlay={() => setPlaying(true)}
        onPause={stopAll}
        onEnded={stopAll}
        onTimeUpdate={(e) => !playing && setCurrent(e.currentTarget.currentTime)}
        onError={() => setFailed(true)}
      />
      {inPlayer.map((stem) => (
        // biome-ignore lint/a11y/useMediaCaption: music has no captions to offer
        <audio
          key={stem._id}
          ref={(el) => {
            if (el) stemEls.current.set(stem._id, el);
            else stemEls.current.delete(stem._id);
          }}
          data-testid="stem-audio"
          data-stem={stem.name}
          src={stem.audioUrl}
          preload="metadata"
          onLoadedMetadata={(e) => joinMix(e.currentTarget)}
          onError={() => setUnplayable((set) => new Set(set).add(stem._id))}
        />
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <PlayButton playing={playing} onClick={() => void toggle()} />
        <span className="font-mono text-sm text-muted tabular-nums" data-testid="mixer-time">
          {formatDuration(current)} / {formatDuration(duration)}
        </span>
        <fieldset className="ml-auto flex items-center gap-1">
          <legend className="sr-only">Hear</legend>
          <span aria-hidden="true" className="mr-1 text-sm text-muted">
            Hear
          </span>
          {(['mix', 'stems'] as const).map((listen) => (
            <Button
              key={listen}
              size="sm"
              variant={mixer.listen === listen ? 'primary' : 'secondary'}
              aria-pressed={mixer.listen === listen}
              onClick={() => setListen(listen)}
            >
              {listen === 'mix' ? 'Mix' : 'Stems'}
            </Button>
          ))}
        </fieldset>
      </div>
      <Waveform
        peaks={peaks.data?.peaks ?? []}
        status={peaks.data?.status ?? 'loading'}
        duration={duration}
        current={current}
        onSeek={seek}
        label={`Seek in ${trackTitle} · ${version.label} and its stems`}
      />
      {failed && (
        <Alert type="error">The mix could not be played. Check your connection and press Play again.</Alert>
      )}
      {pages.length > 1 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span>Only {MIXER_MAX_STEMS} stems play at once.</span>
          <Select
            aria-label="Stems in the player"
            value={String(onPage)}
            onChange={(e) => setPage(Number(e.currentTarget.value))}
            className="w-auto"
          >
            {pages.map((p, i) => (
              <option key={p.from} value={i}>
                Playing stems {p.from}–{p.to} of {stems.length}
              </option>
            ))}
          </Select>
        </div>
      )}
      <ul aria-label="Mixer" className="flex flex-col divide-y divide-border rounded-md border border-border">
        <MixRow version={version} heard={heard.mix} />
        {stems.map((stem) => {
          const inIt = ids.includes(stem._id);
          return (
            <MixerStrip
              key={stem._id}
              name={stem.name}
              inPlayer={inIt}
              heard={inIt && heard.stems[stem._id] === true}
              solo={mixer.solo.has(stem._id)}
              mute={mixer.mute.has(stem._id)}
              unplayable={unplayable.has(stem._id)}
              onSolo={() => setMixer((m) => toggleSolo(m, stem._id))}
              onMute={() => setMixer((m) => toggleMute(m, stem._id))}
            >
              {renderStem(stem)}
            </MixerStrip>
          );
        })}
      </ul>
    </div>
  );
}

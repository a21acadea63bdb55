// A/B compare of two versions of a track (issue #35): one transport over both. Both play at once, the one not
// heard at volume 0, kept within 15 ms of the heard one; switching (a button, or the X, A and B keys) swaps
// the volumes, so it is heard at once, without a gap or a restart, at the same point (re-aligned first when
// the two have drifted more than 8 ms). "Match loudness" turns the louder version down by the difference of
// their measured integrated loudness. The state lives in the page's link (listening.ts).
import type { TrackVersion } from '@mixdesk/contract/media';
import { ArrowLeftRight, X } from 'lucide-react';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { ensureFreshSession } from '../../../lib/upload';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { PlayButton } from '../../../ui/play-button';
import { Select } from '../../../ui/select';
import { Switch } from '../../../ui/switch';
import { formatDuration } from '../format';
import { CompareSide, useLoudness } from './compare-side';
import { KEEP_WITHIN_S, other, place, type Side, SWITCH_WITHIN_S, useSwitchKeys } from './compare-sync';
import {
  browserPlays,
  type CompareState,
  matchGains,
  pickSource,
  readDataSaver,
  volumeOf,
} from './listening';
import type { PlayerHandle } from './track-player';

export function ComparePlayer({
  projectId,
  trackTitle,
  versions,
  state,
  onState,
  onClose,
  handle,
  lane,
}: {
  projectId: string;
  trackTitle: string;
  /** The track's versions (A and B are two of them). */
  versions: TrackVersion[];
  state: CompareState;
  /** A change worth keeping in the link (a switch, a pause, a seek, the match, another version), and the side heard. */
  onState: (next: CompareState, heard: Side) => void;
  onClose: () => void;
  handle?: Ref<PlayerHandle>;
  /** Under the heard side's waveform: its comment markers. */
  lane?: (duration: number) => ReactNode;
}) {
  const a = versions.find((v) => v._id === state.a)!;
  const b = versions.find((v) => v._id === state.b)!;
  const els = { a: useRef<HTMLAudioElement>(null), b: useRef<HTMLAudioElement>(null) };
  const [heard, setHeard] = useState<Side>('a');
  const heardRef = useRef<Side>('a');
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(state.t);
  const [failed, setFailed] = useState(false);
  const dataSaver = useRef(readDataSaver()).current;
  const sourceOf = (v: TrackVersion) => pickSource(v, { dataSaver, canPlay: browserPlays });

  const loud = { a: useLoudness(projectId, a), b: useLoudness(projectId, b) };
  const lufs = (s: Side) => {
    const an = loud[s].data?.analysis;
    return an?.status === 'done' ? an.integratedLufs : null;
  };
  const bothMeasured = lufs('a') !== null && lufs('b') !== null;
  // On by default once both are measured; the link's choice wins.
  const matchOn = state.match ?? bothMeasured;
  const gains = matchOn ? matchGains(lufs('a'), lufs('b')) : { a: 0, b: 0 };
  const gainsRef = useRef(gains);
  gainsRef.current = gains;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the elements' refs are stable
  const applyVolumes = useCallback((side: Side) => {
    const on = els[side].current;
    const off = els[other(side)].current;
    if (on) on.volume = volumeOf(gainsRef.current[side]);
    if (off) off.volume = 0;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the volumes follow the gains and the side heard
  useEffect(() => applyVolumes(heardRef.current), [gains.a, gains.b, applyVolumes]);

  const position = () => els[heardRef.current].current?.currentTime ?? current;
  const durationOf = (s: Side) => {
    const d = els[s].current?.duration;
    return d && Number.isFinite(d) ? d : (s === 'a' ? a : b).duration;
  };

  const keep = (next: Partial<CompareState>, side = heardRef.current) =>
    onState({ ...state, t: position(), ...next }, side);

  const switchTo = (side: Side) => {
    if (side === heardRef.current) return;
    const from = els[heardRef.current].current;
    const to = els[side].current;
    if (from && to && Math.abs(to.currentTime - from.currentTime) > SWITCH_WITHIN_S)
      place(to, from.currentTime);
    heardRef.current = side;
    applyVolumes(side);
    setHeard(side);
    keep({}, side);
  };

  const seek = (seconds: number) => {
    place(els.a.current, seconds);
    place(els.b.current, seconds);
    setCurrent(seconds);
  };

  const toggle = async () => {
    const [ea, eb] = [els.a.current, els.b.current];
    if (!ea || !eb) return;
    if (playing) {
      ea.pause();
      eb.pause();
      keep({});
      return;
    }
    setFailed(false);
    await ensureFreshSession();
    place(els[other(heardRef.current)].current, position());
    try {
      await Promise.all([ea.play(), eb.play()]);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    }
  };

  // While playing: follow the heard side every frame, and keep the other one with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the elements' refs are stable
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function follow() {
      const on = els[heardRef.current].current;
      const off = els[other(heardRef.current)].current;
      if (on) {
        setCurrent(on.currentTime);
        if (off && !off.seeking && !off.ended && Math.abs(off.currentTime - on.currentTime) > KEEP_WITHIN_S)
          place(off, on.currentTime);
      }
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  useSwitchKeys(heardRef, switchTo);

  useImperativeHandle(handle, () => ({ currentTime: position, seek, pause: () => playing && void toggle() }));

  // The link's time, once both files know their length (past the end: the end). Later, a side given another
  // version joins the other where it is, playing if it plays.
  const started = useRef(false);
  const onMetadata = (s: Side) => {
    if (!started.current) {
      if (!els.a.current?.duration || !els.b.current?.duration) return;
      started.current = true;
      seek(Math.min(state.t, durationOf('a'), durationOf('b')));
    } else {
      const with_ = els[other(s)].current;
      place(els[s].current, with_?.currentTime ?? current);
      if (with_ && !with_.paused) void els[s].current?.play().catch(() => setFailed(true));
    }
    applyVolumes(heardRef.current);
  };

  const shown = durationOf(heard);
  const audio = (s: Side, v: TrackVersion) => (
    // biome-ignore lint/a11y/useMediaCaption: music mixes have no captions to offer
    <audio
      ref={els[s]}
      data-testid={`compare-audio-${s}`}
      src={sourceOf(v).url}
      preload="auto"
      onLoadedMetadata={() => onMetadata(s)}
      onPlay={() => s === heardRef.current && setPlaying(true)}
      onPause={() => s === heardRef.current && setPlaying(false)}
      onEnded={() => {
        if (s !== heardRef.current) return;
        els[other(s)].current?.pause();
        setPlaying(false);
      }}
      onError={() => setFailed(true)}
    />
  );
  const picker = (s: Side) => (
    <Select
      aria-label={`Version ${s.toUpperCase()}`}
      value={s === 'a' ? state.a : state.b}
      onChange={(e) => keep(s === 'a' ? { a: e.currentTarget.value } : { b: e.currentTarget.value })}
      className="min-w-0 flex-1"
    >
      {versions
        .filter((v) => v._id !== (s === 'a' ? state.b : state.a))
        .map((v) => (
          <option key={v._id} value={v._id}>
            {s.toUpperCase()}: {v.label}
          </option>
        ))}
    </Select>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="compare-player" data-heard={heard}>
      {audio('a', a)}
      {audio('b', b)}
      <div className="flex flex-wrap items-center gap-2">
        <PlayButton playing={playing} onClick={() => void toggle()} />
        <Button onClick={() => switchTo(other(heard))} aria-keyshortcuts="X">
          <ArrowLeftRight aria-hidden="true" />
          <span className="max-sm:sr-only">Switch to</span> {other(heard).toUpperCase()}
          <kbd className="ml-1 rounded border border-border px-1 font-mono text-xs text-muted max-sm:hidden">
            X
          </kbd>
        </Button>
        <span className="ml-auto font-mono text-sm text-muted tabular-nums" data-testid="compare-time">
          {formatDuration(current)} / {formatDuration(shown)}
        </span>
        <Button size="icon" variant="ghost" onClick={onClose} aria-label="Close the comparison">
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {picker('a')}
        {picker('b')}
      </div>
      {(['a', 'b'] as const).map((s) => (
        <CompareSide
          key={s}
          side={s === 'a' ? 'A' : 'B'}
          version={s === 'a' ? a : b}
          audible={heard === s}
          loudness={loud[s].data}
          gainDb={matchOn ? gains[s] : null}
          current={current}
          duration={durationOf(s)}
          onSeek={(t) => {
            seek(t);
            keep({ t });
          }}
          onListen={() => switchTo(s)}
          trackTitle={trackTitle}
        />
      ))}
      {lane?.(shown)}
      <Switch
        label="Match loudness"
        description={
          bothMeasured
            ? 'The louder version is turned down by the difference of their integrated loudness.'
            : 'Matching starts when both versions are measured.'
        }
        checked={matchOn}
        disabled={!bothMeasured}
        onCheckedChange={(on) => keep({ match: on })}
      />
      {failed && (
        <Alert type="error">
          These versions could not be played. Check your connection and press Play again.
        </Alert>
      )}
    </div>
  );
}

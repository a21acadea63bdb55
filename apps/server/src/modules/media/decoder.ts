// Runs ffmpeg and ffprobe on files strangers uploaded. The binaries are chosen once per config: an explicit
// FFMPEG_PATH / FFPROBE_PATH, else a system build found on PATH (kept patched by the OS), else the npm
// package's static build, so `npm install && npm start` still works. Every run gets no shell, an empty
// environment, a wall-clock timeout that kills its whole process group, and (through util-linux `prlimit`
// where present) CPU-time and address-space limits, so a file that hangs or crashes the decoder fails
// alone and leaves nothing running.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import ffmpegNpm from '@ffmpeg-installer/ffmpeg';
import ffprobeNpm from '@ffprobe-installer/ffprobe';
import type { AudioFormat } from '@mixdesk/contract/media';
import { type Config, ConfigError } from '../../config.ts';

/** The demuxer forced for each accepted format, so a file is read as what it was accepted as. */
export const DEMUXER_BY_FORMAT: Record<AudioFormat, string> = {
  wav: 'wav',
  aiff: 'aiff',
  flac: 'flac',
  mp3: 'mp3',
  m4a: 'mov',
  aac: 'aac',
  ogg: 'ogg',
};

export type DecoderKind = 'ffmpeg' | 'ffprobe';
export type DecoderSource = 'env' | 'system' | 'npm';

export interface DecoderBinary {
  path: string;
  /** Where it came from: FFMPEG_PATH/FFPROBE_PATH, PATH, or the npm package. */
  source: DecoderSource;
}

export interface DecoderLimits {
  /** Wall clock: the process group is killed after this long. */
  timeoutMs: number;
  /** RLIMIT_CPU in whole seconds: SIGXCPU there, SIGKILL a second later (a decoder spinning in threads). */
  cpuSeconds: number;
  /** RLIMIT_AS: the most memory the decoder may map. */
  addressSpaceBytes: number;
}

export interface Decoders {
  ffmpeg: DecoderBinary;
  ffprobe: DecoderBinary;
  /** util-linux prlimit, which applies the CPU and memory limits; null where absent (the timeout still holds). */
  prlimit: string | null;
  /** Limits for reading a file's header (ffprobe at upload). */
  probe: DecoderLimits;
  /** Limits for decoding a whole file (the waveform job, the health probe). */
  decode: DecoderLimits;
  /** MAX_AUDIO_SECONDS: no decode of an upload yields more (audio-allowance.ts; its default when unset). */
  maxAudioSeconds?: number;
}

/** Decoding a whole 2 GiB upload takes well under this on a current machine. */
export const DEFAULT_DECODE_TIMEOUT_SECONDS = 120;
const PROBE_TIMEOUT_SECONDS = 30;
const GIB = 1024 ** 3;

const NPM_PATHS: Record<DecoderKind, string> = { ffmpeg: ffmpegNpm.path, ffprobe: ffprobeNpm.path };

const isExecutableFile = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The first executable `name` in a PATH-style list of directories, or null (no shell involved). */
export function findOnPath(name: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const file = path.join(dir, name);
    if (isExecutableFile(file)) return file;
  }
  return null;
}

/** Which binary runs for `kind`: the explicit path, else one on PATH, else the npm package's. */
export function resolveBinary(
  kind: DecoderKind,
  explicit: string | undefined,
  searchPath: string | undefined,
  npmPath: string = NPM_PATHS[kind],
): DecoderBinary {
  if (explicit) {
    if (!isExecutableFile(explicit))
      throw new ConfigError(
        `Invalid configuration: ${kind.toUpperCase()}_PATH ${explicit} is not an executable file`,
      );
    return { path: explicit, source: 'env' };
  }
  const system = findOnPath(kind, searchPath);
  return system ? { path: system, source: 'system' } : { path: npmPath, source: 'npm' };
}

const limitsFor = (seconds: number, addressSpaceBytes: number): DecoderLimits => ({
  timeoutMs: Math.round(seconds * 1000),
  cpuSeconds: Math.max(1, Math.ceil(seconds)),
  addressSpaceBytes,
});

const resolved = new WeakMap<Config, Decoders>();

/** The decoders this app runs, resolved once per config (throws ConfigError for a bad explicit path). */
export function decoders(config: Config): Decoders {
  let found = resolved.get(config);
  if (!found) {
    const decodeSeconds = config.decoderTimeoutSeconds ?? DEFAULT_DECODE_TIMEOUT_SECONDS;
    found = {
      ffmpeg: resolveBinary('ffmpeg', config.ffmpegPath, config.searchPath),
      ffprobe: resolveBinary('ffprobe', config.ffprobePath, config.searchPath),
      prlimit: findOnPath('prlimit', config.searchPath),
      probe: limitsFor(Math.min(PROBE_TIMEOUT_SECONDS, decodeSeconds), GIB),
      decode: limitsFor(decodeSeconds, 2 * GIB),
      maxAudioSeconds: config.maxAudioSeconds,
    };
    resolved.set(config, found);
  }
  return found;
}

/** One line for the start log: which binaries run, and whether the limits apply. */
export function describeDecoders(d: Decoders) {
  return {
    ffmpeg: `${d.ffmpeg.path} (${d.ffmpeg.source})`,
    ffprobe: `${d.ffprobe.path} (${d.ffprobe.source})`,
    limits: d.prlimit ? 'cpu and memory limits via prlimit' : 'timeout only: prlimit not found',
  };
}

/** Why a decoder run failed; the message is fit for a job's log line. */
export class DecoderError extends Error {
  constructor(
    message: string,
    /** Stopped by a limit or a signal (hang, crash), rather than refusing the file with an error code. */
    readonly abnormal: boolean,
  ) {
    super(message);
  }
}

export interface DecoderRun {
  stdout: Readable;
  /** Resolves when the decoder exits 0; rejects with a DecoderError otherwise. */
  result: Promise<void>;
  pid: number | undefined;
  kill(): void;
}

const STDERR_KEEP = 2000;

/**
 * Starts `kind` on server-made arguments (never user text) within `limits`. Its stdout is for the caller
 * to read; stderr is kept (the tail) for the failure message.
 */
export function runDecoder(
  d: Decoders,
  kind: DecoderKind,
  args: string[],
  limits: DecoderLimits,
): DecoderRun {
  const binary = d[kind].path;
  const [command, argv] = d.prlimit
    ? [
        d.prlimit,
        [
          `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
          `--as=${limits.addressSpaceBytes}`,
          '--',
          binary,
          ...args,
        ],
      ]
    : [binary, args];
  // Its own process group (detached), so the kill reaches anything it started; prlimit execs in place.
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: {}, detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEEP);
  });
  let timedOut = false;
  let closed = false;
  // The group, even once its leader exited: a child it left behind may still hold the pipes.
  const kill = () => {
    if (child.pid === undefined || closed) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
    // Something that left the group could still hold the pipes open: stop waiting on them.
    child.stdout.destroy();
    child.stderr.destroy();
  }, limits.timeoutMs);
  timer.unref();
  const result = new Promise<void>((resolve, reject) => {
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new DecoderError(`${kind} could not start: ${err.message}`, true));
    });
    child.on('close', (code, signal) => {
      closed = true;
      clearTimeout(timer);
      if (timedOut)
        reject(
          new DecoderError(`${kind} timed out after ${limits.timeoutMs / 1000} s and was stopped`, true),
        );
      else if (signal === 'SIGXCPU')
        reject(
          new DecoderError(`${kind} used more than ${limits.cpuSeconds} s of CPU time and was stopped`, true),
        );
      else if (signal) reject(new DecoderError(`${kind} crashed (${signal}): ${stderr.trim()}`, true));
      else if (code !== 0) reject(new DecoderError(`${kind} exited with ${code}: ${stderr.trim()}`, false));
      else resolve();
    });
  });
  result.catch(() => undefined);
  return { stdout: child.stdout, result, pid: child.pid, kill };
}

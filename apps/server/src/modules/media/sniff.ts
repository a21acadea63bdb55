// What a file is, judged by its first bytes (never by its name or the Content-Type a client claims),
// and the gate that judges an upload's first bytes as they stream past.
import { Transform, type TransformCallback } from 'node:stream';
import { STREAM_BUFFER_BYTES } from '../../platform/storage/storage.ts';

/** How many leading bytes the sniffers look at. */
export const SNIFF_BYTES = 64;

/** The container families an audio upload may start with; ffprobe then confirms what it really is. */
export type AudioFamily = 'wav' | 'aiff' | 'flac' | 'ogg' | 'mp4' | 'id3' | 'mpeg' | 'adts';

const ascii = (head: Buffer, at: number, text: string) =>
  head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;

export function sniffAudio(head: Buffer): AudioFamily | null {
  if ((ascii(head, 0, 'RIFF') || ascii(head, 0, 'RF64') || ascii(head, 0, 'BW64')) && ascii(head, 8, 'WAVE'))
    return 'wav';
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) return 'aiff';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 4, 'ftyp')) return 'mp4';
  // An ID3 tag can precede MP3 (usually), AAC or FLAC data: ffprobe tells them apart.
  if (ascii(head, 0, 'ID3')) return 'id3';
  if (head.length >= 2 && head[0] === 0xff) {
    if ((head[1]! & 0xf6) === 0xf0) return 'adts';
    if ((head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x18) !== 0x08 && (head[1]! & 0x06) !== 0) return 'mpeg';
  }
  return null;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  rtf: 'application/rtf',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  mid: 'audio/midi',
  midi: 'audio/midi',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  wav: 'audio/wav',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
};

/**
 * The type of a project file: from its content where the content says it clearly, else from a short list
 * of extensions, else application/octet-stream. Files are always served as downloads, so this only labels.
 */
export function sniffFileType(head: Buffer, fileName: string): string {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 0, '%PDF-')) return 'application/pdf';
  const audio = sniffAudio(head);
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]{1,8})$/)?.[1] ?? '';
  if (audio === 'wav') return 'audio/wav';
  if (audio === 'aiff') return 'audio/aiff';
  if (audio === 'flac') return 'audio/flac';
  if (audio === 'ogg') return 'audio/ogg';
  if (ascii(head, 0, 'MThd')) return 'audio/midi';
  const byName = MIME_BY_EXTENSION[extension];
  // A name is trusted only where the content cannot say otherwise: images, PDFs and audio were sniffed above.
  if (byName?.startsWith('audio/') && byName !== 'audio/midi')
    return audio ? byName : 'application/octet-stream';
  if (byName && !byName.startsWith('image/') && byName !== 'application/pdf') return byName;
  return 'application/octet-stream';
}

/**
 * Passes a stream through once its first SNIFF_BYTES (or the whole of a shorter file) have been judged by
 * `check`, which may refuse them with an error; an empty stream fails with `empty`. The head stays readable
 * afterwards. Synchronous and copy-free past the head: it sits in the path of every uploaded byte.
 */
export class SniffGate extends Transform {
  head: Buffer = Buffer.alloc(0);
  private judged = false;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly check: (head: Buffer) => Error | null,
    private readonly empty: () => Error,
  ) {
    super({ highWaterMark: STREAM_BUFFER_BYTES });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.judged) {
      done(null, chunk);
      return;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < SNIFF_BYTES) {
      done();
      return;
    }
    done(this.judge(), this.release());
  }

  override _flush(done: TransformCallback): void {
    if (this.judged) done();
    else if (this.pendingBytes === 0) done(this.empty());
    else {
      const refused = this.judge();
      done(refused, refused ? undefined : this.release());
    }
  }

  private judge(): Error | null {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [all];
    this.head = Buffer.from(all.subarray(0, SNIFF_BYTES));
    this.judged = true;
    return this.check(this.head);
  }

  private release(): Buffer {
    const all = this.pending[0]!;
    this.pending = [];
    return all;
  }
}

// What a file is, judged by its first bytes (never by its name or the Content-Type a client claims),
// and the first bytes of a stream read without losing them.
import { Readable } from 'node:stream';

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
 * Reads the first `bytes` of a stream and gives back a stream that still yields everything from the
 * first byte. Errors of the source (a cut-off upload) surface on the returned stream.
 */
export async function peekStream(
  source: Readable,
  bytes = SNIFF_BYTES,
): Promise<{ head: Buffer; stream: Readable }> {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  async function* replay() {
    try {
      yield* chunks;
      chunks.length = 0;
      if (ended) return;
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      if (!ended) await it.return?.();
    }
  }
  return {
    head: Buffer.concat(chunks).subarray(0, bytes),
    stream: Readable.from(replay(), { objectMode: false }),
  };
}

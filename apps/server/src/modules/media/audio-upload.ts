// An upload that must be audio (a version, a stem): its first bytes decide as they stream past (anything else
// is refused before more is stored), what was stored is probed (sample rate, depth, channels, length) and held
// to the length cap. The caller records it; if that fails, `abandon` undoes what this did.
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { decoders } from './decoder.ts';
import { type AudioInfo, assertAudioLength, probeAudio, withLocalFile } from './probe.ts';
import type { UploadAllowance } from './quota.ts';
import { SniffGate, sniffAudio } from './sniff.ts';
import { removeObjects } from './tracks-service.ts';
import { type IncomingUpload, storeUpload, throughGate } from './upload.ts';

export const NOT_AUDIO =
  'This is not an audio file Mixdesk can play. Upload WAV, AIFF, FLAC, MP3, M4A/AAC or OGG (the content counts, not the name).';

export interface AudioUpload {
  /** Stores the upload at the key and probes it: its size in bytes and what the audio is. */
  store(): Promise<{ size: number; info: AudioInfo }>;
  /** After a refusal or a failure anywhere: stops reading the upload and removes what was stored. */
  abandon(): Promise<void>;
}

export function audioUpload(
  ctx: AppContext,
  upload: IncomingUpload,
  key: string,
  allowance: UploadAllowance,
): AudioUpload {
  const gate = new SniffGate(
    (head) => (sniffAudio(head) ? null : new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AUDIO)),
    () => badRequest('The file is empty.'),
  );
  const stream = throughGate(upload, gate);
  let stored = false;
  return {
    async store() {
      const { size } = await storeUpload(ctx, key, upload, stream, allowance.maxBytes).catch((err) => {
        throw allowance.explain(err);
      });
      stored = true;
      const family = sniffAudio(gate.head)!;
      const info = await withLocalFile(ctx.storage, key, (file) =>
        probeAudio(decoders(ctx.config), file, family),
      );
      if (!info) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AUDIO);
      assertAudioLength(ctx.config, info.duration);
      return { size, info };
    },
    async abandon() {
      stream.destroy();
      upload.discard();
      if (stored) await removeObjects(ctx, [key]);
    },
  };
}

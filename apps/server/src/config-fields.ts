// The value types settings share (config.ts and its parts): on/off flags, URLs of given schemes, counts.
import { z } from 'zod';

export const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { error: 'must be 0 or 1 (or true/false)' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

export const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

export const count = z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000_000);

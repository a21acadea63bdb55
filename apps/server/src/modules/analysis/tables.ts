import type { LoudnessFigures } from '@mixdesk/contract/analysis';
import type { Json, Timestamp } from '../../db/schema.ts';

export interface VersionAnalysesTable {
  version_id: string;
  project_id: string;
  figures: Json<LoudnessFigures>;
  analysed_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    version_analyses: VersionAnalysesTable;
  }
}

// What an upload's row says about it. Only a running upload shows a percentage: a failed or cancelled one says
// so plainly (a bar stopped at 99 % in red read as "nearly there"), a finished one is complete.
import type { UploadItem } from './use-upload-queue';

export interface UploadStatus {
  /** The words beside the file, e.g. '42 % · Uploading', 'Failed: The file is not audio'. */
  text: string;
  /** The bar's fill, 0 to 100; null when there is no bar to show. */
  percent: number | null;
  tone: 'progress' | 'success' | 'danger' | 'muted';
}

export function uploadStatus(item: Pick<UploadItem, 'state' | 'percent' | 'error'>): UploadStatus {
  switch (item.state) {
    case 'waiting':
      return { text: 'Waiting', percent: 0, tone: 'progress' };
    case 'uploading':
      // The bytes are all sent; the server is storing and checking the file.
      if (item.percent >= 99) return { text: '99 % · Processing', percent: 99, tone: 'progress' };
      return { text: `${item.percent} % · Uploading`, percent: item.percent, tone: 'progress' };
    case 'done':
      return { text: '100 % · Uploaded', percent: 100, tone: 'success' };
    case 'failed':
      return { text: item.error ? `Failed: ${item.error}` : 'Failed', percent: null, tone: 'danger' };
    case 'cancelled':
      return { text: 'Cancelled', percent: null, tone: 'muted' };
  }
}

// Download (SPEC §7): GET /api/documents/:id/download saved as document-{id}.pdf. The PDF is fetched rather than
// linked so a failure can say 'Failed to download document' (a plain link fails silently in the download bar);
// documents are a few hundred kilobytes, so holding one in memory for a moment is fine.
import { ApiError, api } from '../../lib/api';
import { ensureFreshSession } from '../../lib/upload';
import { documentPath } from './api';

export const DOWNLOAD_FAILED = 'Failed to download document';

async function fetchPdf(id: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  const token = api.tokens.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(api.url(`${documentPath(id)}/download`), { headers, credentials: 'include' });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error occurred');
  }
}

/** Fetches the PDF (one token refresh and retry on a 401) and hands it to the browser as a file. */
export async function downloadDocument(id: string): Promise<void> {
  await ensureFreshSession();
  let response = await fetchPdf(id);
  if (response.status === 401 && (await api.refresh().catch(() => false))) response = await fetchPdf(id);
  if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status}: ${response.statusText}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `document-${id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; let it finish before freeing it.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

// Downloads go straight from the server to the browser's download manager (no file held in page memory); the
// access cookie that authenticates them is renewed first when it is about to expire (`renew` false for a share
// link's download, which its token lets in).
import { ensureFreshSession } from '../../../lib/upload';

export async function startDownload(url: string, renew = true): Promise<void> {
  if (renew) await ensureFreshSession();
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  // The server names the file (Content-Disposition); the attribute keeps the page where it is.
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

// The templates (GET /api/documents/templates/:type), loaded for every type when the form opens (SPEC §7), so
// the chosen template's description shows at once.
import type { Template } from '@mixdesk/contract/document-responses';
import { DOCUMENT_TYPES, type TemplateName } from '@mixdesk/contract/documents';
import { useQueries } from '@tanstack/react-query';
import { documentKeys, fetchTemplates } from '../api';

export function useTemplates(open: boolean) {
  return useQueries({
    queries: DOCUMENT_TYPES.map((type) => ({
      queryKey: documentKeys.templates(type),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTemplates(type, signal),
      enabled: open,
      staleTime: 10 * 60_000,
      retry: 1,
    })),
    combine: (results) => {
      const byName = new Map<TemplateName, Template>();
      for (const r of results) for (const t of r.data ?? []) byName.set(t.name, t);
      return { byName, loading: results.some((r) => r.isPending), failed: results.some((r) => r.isError) };
    },
  });
}

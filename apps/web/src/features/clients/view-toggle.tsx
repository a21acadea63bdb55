// Grid or List (SPEC §2), remembered in this browser.
import { LayoutGrid, List } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../ui/button';

export type ClientsView = 'grid' | 'list';
export const VIEW_STORAGE_KEY = 'mixdesk.clients.view';

function storedView(): ClientsView {
  try {
    return localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid'; // storage blocked: the default, every time
  }
}

export function useClientsView(): [ClientsView, (view: ClientsView) => void] {
  const [view, setView] = useState<ClientsView>(storedView);
  const choose = useCallback((next: ClientsView) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts until the page is left
    }
  }, []);
  return [view, choose];
}

export function ViewToggle({ view, onChange }: { view: ClientsView; onChange: (view: ClientsView) => void }) {
  return (
    <fieldset className="flex rounded-md border border-border bg-surface-2 p-0.5">
      <legend className="sr-only">View</legend>
      {(
        [
          ['grid', 'Grid', LayoutGrid],
          ['list', 'List', List],
        ] as const
      ).map(([value, label, Icon]) => (
        <Button
          key={value}
          size="sm"
          variant={view === value ? 'primary' : 'ghost'}
          aria-pressed={view === value}
          onClick={() => onChange(value)}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </fieldset>
  );
}

import { FileText, FolderKanban, LayoutDashboard, type LucideIcon, Settings, Users } from 'lucide-react';

/** The header navigation of SPEC §2 Shell, in order. */
export const NAV_ITEMS: ReadonlyArray<{ to: string; label: string; icon: LucideIcon; end?: boolean }> = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/projects', label: 'Projects', icon: FolderKanban },
  { to: '/clients', label: 'Clients', icon: Users },
  { to: '/documents', label: 'Documents', icon: FileText },
  { to: '/settings', label: 'Settings', icon: Settings },
];

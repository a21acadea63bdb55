import {
  Activity,
  Disc,
  FileText,
  FolderKanban,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Users,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Shown to administrators only (the diagnostics). */
  adminOnly?: boolean;
}

/** The header navigation of SPEC §2 Shell, in order, then the administrators' Diagnostics. */
export const NAV_ITEMS: ReadonlyArray<NavItem> = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/projects', label: 'Projects', icon: FolderKanban },
  { to: '/clients', label: 'Clients', icon: Users },
  { to: '/documents', label: 'Documents', icon: FileText },
  { to: '/releases', label: 'Releases', icon: Disc },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/con-test', label: 'Diagnostics', icon: Activity, adminOnly: true },
];

/** The items a user sees: the administrators' ones only to administrators. */
export const navItemsFor = (isAdmin: boolean) => NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);

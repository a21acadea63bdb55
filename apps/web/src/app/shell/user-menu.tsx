// The signed-in user's menu: Profile, Settings, Sign Out.
import { ChevronDown, LogOut, Settings, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useProfile } from '../../lib/account';
import { useSession } from '../../lib/session';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { useLoadingOverlay } from '../../ui/loading-overlay';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui/menu';
import { useToast } from '../../ui/toast';

export function UserMenu() {
  const session = useSession();
  const overlay = useLoadingOverlay();
  const toast = useToast();
  const navigate = useNavigate();
  const profile = useProfile();
  const user = session.user;
  if (!user) return null;

  const signOut = async () => {
    const hide = overlay.show('Signing out...');
    try {
      await session.signOut();
      navigate('/auth', { replace: true });
      toast.notify('info', "You've been signed out.");
    } finally {
      hide();
    }
  };

  return (
    <Menu>
      <MenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="gap-2 pr-1.5 pl-1"
          aria-label={`Account menu for ${user.name}`}
        >
          <Avatar src={profile.data?.avatar} name={user.name} size="sm" />
          <span className="hidden max-w-36 truncate text-text lg:inline">{user.name}</span>
          <ChevronDown aria-hidden="true" className="size-3.5 text-muted" />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuLabel className="flex flex-col">
          <span className="truncate text-sm font-medium text-text">{user.name}</span>
          <span className="truncate">{user.email}</span>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={signOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

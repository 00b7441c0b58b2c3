import { ChevronsUpDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar-menu';
import { useLazyMenu } from '@/hooks/use-lazy-menu';
import type { User } from '@/lib/api/types';
import { UserSummary } from './user-summary';

export interface NavUserProps {
  user: User | null;
  onLogout: () => void;
  /** Opens the user's own settings. */
  onOpenSettings: () => void;
}

const loadMenu = () => import('./nav-user-menu');
const NavUserMenu = lazy(() => loadMenu().then(({ NavUserMenu: menu }) => ({ default: menu })));

/**
 * The signed-in user at the foot of the sidebar, opening their menu. Until first pressed it is
 * a plain button that looks and reads as the menu's trigger (the menu's code is fetched as the
 * pointer or the focus nears it); pressing it mounts the menu open, and from then on the menu
 * is the usual one.
 */
export function NavUser(props: NavUserProps) {
  const { opened, standInProps } = useLazyMenu(loadMenu);
  const standIn = (
    <SidebarMenuButton type="button" size="lg" {...standInProps}>
      <UserSummary user={props.user} />
      <ChevronsUpDown className="ml-auto size-4" />
    </SidebarMenuButton>
  );
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        {opened ? (
          <Suspense fallback={standIn}>
            <NavUserMenu {...props} openedByKey={opened.byKey} />
          </Suspense>
        ) : (
          standIn
        )}
      </SidebarMenuItem>
    </SidebarMenu>
  );
}

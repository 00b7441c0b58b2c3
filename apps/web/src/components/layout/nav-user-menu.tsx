import { ChevronsUpDown, LogOut, Settings } from 'lucide-react';
import { useRef } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSidebar } from '@/components/ui/sidebar-context';
import { SidebarMenuButton } from '@/components/ui/sidebar-menu';
import type { NavUserProps } from './nav-user';
import { UserSummary } from './user-summary';

interface NavUserMenuProps extends NavUserProps {
  /** Opened by a key: the first item takes the focus, as when the menu's own trigger opens it. */
  openedByKey: boolean;
}

/** The user's menu, mounted open by the stand-in button that `NavUser` shows until then. */
export function NavUserMenu({ user, onLogout, onOpenSettings, openedByKey }: NavUserMenuProps) {
  const { isMobile } = useSidebar();
  const firstFocused = useRef(false);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <SidebarMenuButton
          size="lg"
          className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
        >
          <UserSummary user={user} />
          <ChevronsUpDown className="ml-auto size-4" />
        </SidebarMenuButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        className="w-(--radix-dropdown-menu-trigger-width) min-w-56 rounded-lg"
        side={isMobile ? 'bottom' : 'right'}
        align="end"
        sideOffset={4}
        ref={(content) => {
          if (!content || !openedByKey || firstFocused.current) return;
          firstFocused.current = true;
          // After the menu has focused itself on opening.
          requestAnimationFrame(() => {
            content.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
          });
        }}
      >
        <DropdownMenuLabel className="p-0 font-normal">
          <div className="flex items-center gap-2 px-1 py-1.5 text-left text-sm">
            <UserSummary user={user} />
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onOpenSettings}>
          <Settings />
          Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

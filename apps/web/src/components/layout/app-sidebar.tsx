import { Link, useNavigate } from '@tanstack/react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarRail,
} from '@/components/ui/sidebar';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar-menu';
import { useAuth } from '@/lib/auth/auth-context';
import { useLogout } from '@/lib/auth/use-logout';
import { BrandMark } from './brand-mark';
import { navGroupsFor } from './nav-config';
import { NavMain } from './nav-main';
import { NavUser } from './nav-user';

export function AppSidebar() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const logout = useLogout();
  return (
    <Sidebar collapsible="icon" variant="inset">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Ideaforge">
              <Link to="/dashboard">
                <BrandMark />
                <div className="grid flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">Ideaforge</span>
                  <span className="truncate text-xs text-muted-foreground">Team brainstorming</span>
                </div>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <NavMain groups={navGroupsFor(user?.is_staff ?? false)} />
      </SidebarContent>
      <SidebarFooter>
        <NavUser
          user={user}
          onLogout={() => {
            logout.mutate();
          }}
          onOpenSettings={() => {
            void navigate({ to: '/settings' });
          }}
        />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}

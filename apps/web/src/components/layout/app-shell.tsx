import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarTrigger } from '@/components/ui/sidebar';
import { SidebarProvider } from '@/components/ui/sidebar-provider';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppShellContext } from './app-shell-context';
import { AppSidebar } from './app-sidebar';

/** The signed-in layout; its page is the matched route, or `children` (say, Not Found). */
export function AppShell({ children }: { children?: ReactNode }) {
  return (
    <AppShellContext value={true}>
      <SidebarProvider>
        <AppSidebar />
        <SidebarInset>
          <header className="flex h-14 shrink-0 items-center gap-2 border-b px-4">
            <SidebarTrigger className="-ml-1" />
            <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
            <AppBreadcrumbs />
          </header>
          <div className="flex flex-1 flex-col gap-6 p-4 md:p-6">{children ?? <Outlet />}</div>
        </SidebarInset>
      </SidebarProvider>
    </AppShellContext>
  );
}

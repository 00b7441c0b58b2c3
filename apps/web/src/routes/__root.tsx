import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { titleHead } from '@/lib/page-title';
import type { RouterContext } from '@/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => titleHead(),
  component: Root,
});

function Root() {
  return (
    <>
      {/* The deepest route's title; React moves the <title> into the document's head. */}
      <HeadContent />
      <Outlet />
    </>
  );
}

import { Link, useRouterState } from '@tanstack/react-router';
import { Fragment } from 'react';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { usePageName } from '@/lib/page-names';
import { breadcrumbTrail } from './breadcrumb-trail';

export function AppBreadcrumbs() {
  // The page on screen, not the address: during a navigation the address changes at once, the
  // page only once the next one has loaded (or shows that it is loading).
  const pathname = useRouterState({ select: (state) => state.matches.at(-1)?.pathname ?? '/' });
  const trail = breadcrumbTrail(pathname, usePageName(pathname));
  if (trail.length === 0) return null;

  return (
    <Breadcrumb>
      <BreadcrumbList>
        {trail.map((crumb, index) => (
          <Fragment key={crumb.label}>
            {index > 0 ? <BreadcrumbSeparator /> : null}
            <BreadcrumbItem>
              {crumb.href ? (
                <BreadcrumbLink asChild>
                  <Link to={crumb.href}>{crumb.label}</Link>
                </BreadcrumbLink>
              ) : (
                <BreadcrumbPage>{crumb.label}</BreadcrumbPage>
              )}
            </BreadcrumbItem>
          </Fragment>
        ))}
      </BreadcrumbList>
    </Breadcrumb>
  );
}

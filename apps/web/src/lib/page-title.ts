const APP_NAME = 'Ideaforge';

/** A page's browser-tab title: 'Brainstorm 12 · Ideaforge', or the app's name alone. */
export function pageTitle(page?: string) {
  return page ? `${page} · ${APP_NAME}` : APP_NAME;
}

/** A route's head(): its tab title, or 'Not Found' when the route could not find its page. */
export function titleHead(page?: string, match?: { status: string }) {
  return { meta: [{ title: pageTitle(match?.status === 'notFound' ? 'Not Found' : page) }] };
}

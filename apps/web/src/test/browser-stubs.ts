// What jsdom lacks: matchMedia (every query reports "no match": a wide, light-themed
// screen) and scrolling, which the router's scroll restoration calls.
if (typeof window !== 'undefined') {
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
    }) as MediaQueryList;
  window.scrollTo = () => undefined;
}

// What jsdom lacks: matchMedia (every query reports "no match": a wide, light-themed
// screen), ResizeObserver (Radix popper positioning) and scrolling (router scroll restoration).
if (typeof window !== 'undefined') {
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
    }) as MediaQueryList;
  window.scrollTo = () => undefined;
  window.ResizeObserver = class {
    observe() {
      return undefined;
    }
    unobserve() {
      return undefined;
    }
    disconnect() {
      return undefined;
    }
  };
}

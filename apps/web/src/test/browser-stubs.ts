// jsdom has no matchMedia; every query reports "no match" (a wide, light-themed screen).
if (typeof window !== 'undefined') {
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
    }) as MediaQueryList;
}

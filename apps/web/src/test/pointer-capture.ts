/** jsdom lacks what Radix Select calls when it opens and focuses its options. */
export function stubPointerCapture() {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    scrollIntoView: () => undefined,
  });
}

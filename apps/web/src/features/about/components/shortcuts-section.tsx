/** Where the keyboard shortcuts are explained: the review page's own overlay. */
export function ShortcutsSection() {
  return (
    <section aria-labelledby="shortcuts" className="grid gap-3">
      <h2 id="shortcuts" tabIndex={-1} className="scroll-mt-16 text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <p>
        On a brainstorm's review page, press <Key>?</Key> to see every key of the review list.
        Anywhere, <Key>Ctrl</Key> or <Key>Cmd</Key> with <Key>B</Key> opens and closes the sidebar.
      </p>
    </section>
  );
}

function Key({ children }: { children: string }) {
  return <kbd className="rounded border bg-muted px-1.5 font-mono text-xs">{children}</kbd>;
}

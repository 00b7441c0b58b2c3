const query = '(prefers-color-scheme: dark)';

export function syncColorScheme(root: HTMLElement = document.documentElement) {
  const media = window.matchMedia(query);
  const apply = () => root.classList.toggle('dark', media.matches);
  apply();
  media.addEventListener('change', apply);
  return () => {
    media.removeEventListener('change', apply);
  };
}

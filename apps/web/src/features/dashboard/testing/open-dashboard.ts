import { screen, within } from '@testing-library/react';
import { makeUser } from '@/test/fixtures';
import { APP_LOADED, renderApp } from '@/test/render-app';

/** The dashboard, signed in; `card(name)` finds one of its parts once the page shows. */
export function openDashboard() {
  const app = renderApp('/dashboard', { signedInAs: makeUser() });
  const card = async (name: string) => {
    const region = await screen.findByRole('region', { name }, APP_LOADED);
    return { region, ...within(region) };
  };
  return { ...app, card };
}

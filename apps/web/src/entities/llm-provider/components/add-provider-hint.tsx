import { Link } from '@tanstack/react-router';

/**
 * Who can add a language-model provider, for a member in the browser: the person who runs the
 * server, with a link to the settings on the About page.
 */
export function AddProviderHint({ doing = 'add one' }: { doing?: string }) {
  return (
    <>
      The person who runs this Ideaforge server can {doing}: see{' '}
      <Link to="/about" hash="providers" className="underline underline-offset-4">
        Language-model providers
      </Link>
      .
    </>
  );
}

import { Link } from '@tanstack/react-router';
import type { ModelPrice } from '../api/types';

const perMillion = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

/** Where a price comes from: its page as a link, or the setting's name. */
function Source({ source }: { source: string }) {
  if (!source.startsWith('https://')) return source;
  return (
    <a className="underline underline-offset-2" href={source} target="_blank" rel="noreferrer">
      {new URL(source).hostname}
    </a>
  );
}

/** The price table the costs are worked out with, behind a 'Prices' disclosure. */
export function PricesDisclosure({ prices }: { prices: ModelPrice[] }) {
  return (
    <details className="group rounded-md border px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium">Prices</summary>
      <p className="mt-2 text-muted-foreground">
        Dollars per million tokens, as the providers list them; a model without an entry shows its
        tokens without a cost. The person who runs this Ideaforge server can override or add entries
        with the <code>MODEL_PRICES</code> setting: see{' '}
        <Link to="/about" hash="prices" className="underline underline-offset-2">
          Model prices
        </Link>
        .
      </p>
      <ul className="mt-3 grid gap-2">
        {prices.map((price) => (
          <li key={`${price.provider}:${price.model}`} className="flex flex-wrap gap-x-2">
            <span className="font-medium">
              {price.provider}:{price.model}
            </span>
            <span>
              {perMillion(price.input)} in / {perMillion(price.output)} out
            </span>
            <span className="text-muted-foreground">
              <Source source={price.source} />
              {price.as_of ? `, ${price.as_of}` : null}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

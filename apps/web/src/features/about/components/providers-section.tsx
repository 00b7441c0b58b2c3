import { DUPLICATE_SETTINGS, PROVIDER_SETTINGS } from '../lib/provider-settings';

/** A setting's name, broken anywhere rather than widening a phone's page. */
function Setting({ children }: { children: string }) {
  return (
    <code className="rounded bg-muted px-1 font-mono text-xs [overflow-wrap:anywhere]">
      {children}
    </code>
  );
}

function List({ settings }: { settings: string[] }) {
  return settings.map((setting, i) => (
    <span key={setting}>
      {i > 0 ? ', ' : null}
      <Setting>{setting}</Setting>
    </span>
  ));
}

/**
 * For the person who runs the server: which environment variables offer which providers, what
 * the offline provider does without one, and the near-duplicate settings. The no-provider notes
 * of Themes, Matrix, Ranking and Repeats link here (#providers).
 */
export function ProvidersSection() {
  return (
    <section aria-labelledby="providers" className="grid gap-3">
      <h2 id="providers" tabIndex={-1} className="scroll-mt-16 text-lg font-semibold">
        Language-model providers
      </h2>
      <p>
        This part is for the person who runs this Ideaforge server. Members choose among the
        providers the server offers; the server offers one when its environment variables are set,
        and a change takes effect when the server is restarted. A provider set up wrongly (a base
        URL that is not http or https, an empty model list) is left out, with a warning in the
        server's log at start.
      </p>
      <ul className="grid gap-2">
        {PROVIDER_SETTINGS.map((provider) => (
          <li key={provider.name} className="rounded-lg border p-3">
            <h3 className="font-medium">{provider.name}</h3>
            <p>
              Turned on by <Setting>{provider.turnedOnBy}</Setting>; also{' '}
              <List settings={provider.others} />.
            </p>
          </li>
        ))}
      </ul>
      <p>
        Model lists are comma-separated (<Setting>OPENAI_MODELS=gpt-5-mini,gpt-5</Setting>), and the
        first is the provider's default. The OpenAI-compatible entry serves any server that speaks
        that interface: its base URL ends in <Setting>/v1</Setting>, and{' '}
        <Setting>OPENAI_COMPATIBLE_NAME</Setting> is the label members see.
      </p>
      <h3 className="font-medium">Without a language model</h3>
      <p>
        'Offline sample ideas (no AI)' is always offered and needs no network or key. It composes
        sample ideas from the brainstorm's problem, themes and technique, and Find themes groups
        ideas by their shared words. It cannot assess, rank or combine ideas, nor find the ideas
        that repeat an earlier one in other words: those need a language-model provider.
      </p>
      <h3 className="font-medium">Near-duplicates and embeddings</h3>
      <p>
        Ideas that nearly repeat an earlier one are stacked under it, by how alike their words are.
        Where a provider has an embedding model, how alike they mean is compared too:
      </p>
      <ul className="grid list-disc gap-1 pl-5">
        {PROVIDER_SETTINGS.map(({ name, embedding }) =>
          embedding ? (
            <li key={name}>
              {name}: <Setting>{embedding.variable}</Setting>, {embedding.byDefault} unless set
            </li>
          ) : null,
        )}
        <li>
          <Setting>none</Setting> turns a provider's embeddings off.
        </li>
      </ul>
      <ul className="grid list-disc gap-1 pl-5">
        {DUPLICATE_SETTINGS.map(({ variable, meaning }) => (
          <li key={variable}>
            <Setting>{variable}</Setting>: {meaning}
          </li>
        ))}
      </ul>
      <h3 id="prices" tabIndex={-1} className="scroll-mt-16 font-medium">
        Model prices
      </h3>
      <p>
        Model insights works out costs from a table of the providers' list prices.{' '}
        <Setting>MODEL_PRICES</Setting> overrides or adds entries, in dollars per million input and
        output tokens, comma-separated; <Setting>*</Setting> stands for every model of a provider:{' '}
        <Setting>openai:gpt-5=1.25/10,ollama:*=0/0</Setting>. A model without an entry shows its
        tokens without a cost.
      </p>
    </section>
  );
}

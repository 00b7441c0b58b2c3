import type { EventBody } from './webhook-events.js';

/** Slack's incoming webhooks live on one host, and take a message rather than an event. */
export const isSlackUrl = (url: string) => new URL(url).hostname === 'hooks.slack.com';

/** Slack's three control characters, escaped as its message format asks. */
const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

interface Linked {
  title: string;
  url: string;
}

/** A title linking to its page; Slack links only absolute addresses, so a path stays text. */
const linked = ({ title, url }: Linked) =>
  /^https?:\/\//.test(url) ? `<${url}|${escape(title)}>` : escape(title);

/** The body of an incoming-webhook message for an event: one readable line with its links. */
export function slackMessage(event: EventBody): { text: string } {
  return { text: slackText(event) };
}

function slackText({ type, data }: EventBody): string {
  switch (type) {
    case 'generation.finished': {
      const g = data.generation as {
        status: string;
        requested: number;
        succeeded: number;
        failed: number;
        provider: string | null;
        model: string | null;
        requested_by: { name: string };
      };
      const by = g.provider ? ` with ${escape(`${g.provider} ${g.model ?? ''}`.trim())}` : '';
      const failed = g.failed > 0 ? `, ${g.failed} failed` : '';
      return (
        `Ideas generated in ${linked(data.brainstorm as Linked)}: ${g.succeeded} of ` +
        `${g.requested}${failed}${by}, asked for by ${escape(g.requested_by.name)}.`
      );
    }
    case 'idea.pinned':
      return `📌 Pinned in ${linked(data.brainstorm as Linked)}: ${linked(data.idea as Linked)}`;
    case 'comment.created': {
      const c = data.comment as { text: string | null; author: { name: string } };
      const where = `${linked(data.idea as Linked)} in ${linked(data.brainstorm as Linked)}`;
      const said =
        c.text === null ? ' (under blind review: open the idea to read it)' : `: ${escape(c.text)}`;
      return `💬 ${escape(c.author.name)} commented on ${where}${said}`;
    }
    case 'ranking.finished': {
      const r = data.ranking as { ranked: number; url: string; top: (Linked & { rank: number })[] };
      const best = r.top
        .slice(0, 3)
        .map((idea) => `${String(idea.rank)}. ${linked(idea)}`)
        .join(', ');
      const ranking = linked({ title: 'Ranking', url: r.url });
      return (
        `🏆 ${ranking} of ${String(r.ranked)} ideas finished in ` +
        `${linked(data.brainstorm as Linked)}: ${best}`
      );
    }
    case 'webhook.test': {
      const webhook = data.webhook as { name: string };
      return `A test message from Ideaforge for the webhook "${escape(webhook.name)}": it works.`;
    }
  }
}

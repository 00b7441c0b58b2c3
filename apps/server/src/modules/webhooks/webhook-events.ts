import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { appLinks } from '../../lib/app-links.js';
import type { WebhookEvent } from '../../db/schema/integrations.js';
import { displayName } from '../users/users.service.js';
import * as repo from './webhooks.repository.js';

/** What happened, as the write that did it names it. */
export type EventSubject =
  | { type: 'generation.finished'; generationId: number }
  | { type: 'idea.pinned'; reactionId: number }
  | { type: 'comment.created'; commentId: number }
  | { type: 'ranking.finished'; analysisId: number };

/** How many of a ranking's best ideas its event names. */
export const RANKED_IN_EVENT = 10;

/** The body every receiver but Slack gets (Standard Webhooks): the type, when, and the data. */
export interface EventBody {
  type: WebhookEvent | 'webhook.test';
  timestamp: string;
  data: Record<string, unknown>;
}

/** A Standard Webhooks message id: unique per delivery, the same on each of its attempts. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** An event to send, and who may hear it. */
export interface WebhookMessage {
  body: EventBody;
  /**
   * The idea whose review totals it tells of (a comment is counted, a pin is a reaction) when
   * its brainstorm is under blind review: a webhook speaks for its creator, so it hears of it
   * only once they have reviewed that idea, as they would see it (decision 026).
   */
  blindIdea: number | null;
}

/**
 * The message of an event, read in the transaction that caused it, or null when there is
 * nothing to tell (its subject is gone, or an idea had been pinned already). What leaves the
 * server is what the team sees anyway (decision 030): ids, titles, links, who commented or asked
 * for ideas, a generation's counts. Never bookmarks, hidden flags or votes; a pin names nobody;
 * under blind review a comment's text stays home, so nobody is anchored by it.
 */
export async function eventMessage(
  db: Db,
  subject: EventSubject,
  publicUrl: string | undefined,
): Promise<WebhookMessage | null> {
  const link = appLinks(publicUrl);
  const timestamp = new Date().toISOString();
  switch (subject.type) {
    case 'generation.finished': {
      const g = await repo.generationEvent(db, subject.generationId);
      if (!g) return null;
      const brainstorm = {
        id: g.brainstormId,
        title: g.brainstormTitle,
        url: link.brainstorm(g.brainstormId),
      };
      const body = {
        type: subject.type,
        timestamp,
        data: {
          generation: {
            id: g.id,
            status: g.status,
            requested: g.requested,
            succeeded: g.succeeded,
            failed: g.failed,
            provider: g.provider,
            model: g.model,
            input_tokens: g.inputTokens,
            output_tokens: g.outputTokens,
            requested_by: { id: g.userId, name: displayName(g) },
            created: iso(g.created),
            finished: g.finished && iso(g.finished),
          },
          brainstorm,
        },
      };
      return { body, blindIdea: null };
    }
    case 'idea.pinned': {
      const idea = await repo.pinEvent(db, subject.reactionId);
      // Only its first pin makes an idea pinned; more pins are not news.
      if (idea?.pins !== 1) return null;
      const body = {
        type: subject.type,
        timestamp,
        data: {
          idea: {
            id: idea.id,
            title: idea.title,
            summary: idea.summary,
            url: link.idea(idea.brainstormId, idea.id),
          },
          brainstorm: {
            id: idea.brainstormId,
            title: idea.brainstormTitle,
            url: link.brainstorm(idea.brainstormId),
          },
        },
      };
      return { body, blindIdea: idea.blindReview ? idea.id : null };
    }
    case 'comment.created': {
      const c = await repo.commentEvent(db, subject.commentId);
      if (!c) return null;
      const body = {
        type: subject.type,
        timestamp,
        data: {
          comment: {
            id: c.id,
            text: c.blindReview ? null : c.text,
            author: { id: c.userId, name: displayName(c) },
            created: iso(c.created),
          },
          idea: { id: c.ideaId, title: c.ideaTitle, url: link.idea(c.brainstormId, c.ideaId) },
          brainstorm: {
            id: c.brainstormId,
            title: c.brainstormTitle,
            url: link.brainstorm(c.brainstormId),
            blind_review: c.blindReview,
          },
        },
      };
      return { body, blindIdea: c.blindReview ? c.ideaId : null };
    }
    case 'ranking.finished': {
      const r = await repo.rankingEvent(db, subject.analysisId, RANKED_IN_EVENT);
      if (!r) return null;
      const body = {
        type: subject.type,
        timestamp,
        data: {
          ranking: {
            id: r.id,
            provider: r.provider,
            model: r.model,
            ranked: r.ranked,
            finished: r.finished && iso(r.finished),
            url: link.ranking(r.brainstormId),
            // The best first, by title and rating: what the ranking page shows everyone.
            top: r.top.map((idea, i) => ({
              rank: i + 1,
              id: idea.id,
              title: idea.title,
              rating: Math.round(idea.rating),
              url: link.idea(r.brainstormId, idea.id),
            })),
          },
          brainstorm: {
            id: r.brainstormId,
            title: r.brainstormTitle,
            url: link.brainstorm(r.brainstormId),
          },
        },
      };
      return { body, blindIdea: null };
    }
  }
}

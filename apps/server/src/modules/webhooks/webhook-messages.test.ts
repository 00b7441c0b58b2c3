import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { outgoing } from './delivery-worker.js';
import { newSecret } from './signature.js';
import { isSlackUrl, slackMessage } from './slack-message.js';
import type { EventBody } from './webhook-events.js';

const comment: EventBody = {
  type: 'comment.created',
  timestamp: '2026-01-01T10:00:00.000Z',
  data: {
    comment: { id: 3, text: 'Use <b> & more', author: { id: 2, name: 'Ada Lovelace' } },
    idea: {
      id: 5,
      title: 'Trains & desks',
      url: 'https://ideas.example.com/brainstorms/1/ideas/5',
    },
    brainstorm: { id: 1, title: 'Commuting', url: 'https://ideas.example.com/brainstorms/1' },
  },
};

describe('the request of an attempt', () => {
  it('is signed as Standard Webhooks says, which its official library verifies', () => {
    const secret = newSecret();
    const delivery = {
      messageId: 'msg_1',
      payload: comment,
      webhook: { url: 'https://receiver.example.com/hook', secret },
    };
    const request = outgoing(delivery, Math.floor(Date.now() / 1000));
    expect(JSON.parse(request.body)).toEqual(comment);
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(comment);
    expect(() => new Webhook(newSecret()).verify(request.body, request.headers)).toThrow();
  });

  it("is Slack's message, one readable line with its links, when the URL is Slack's", () => {
    const url = 'https://hooks.slack.com/services/T000/B000/XXXX';
    expect(isSlackUrl(url)).toBe(true);
    expect(isSlackUrl('https://hooks.slack.com.evil.example/x')).toBe(false);
    const request = outgoing(
      { messageId: 'msg_2', payload: comment, webhook: { url, secret: newSecret() } },
      1,
    );
    expect(JSON.parse(request.body)).toEqual({
      text:
        '💬 Ada Lovelace commented on <https://ideas.example.com/brainstorms/1/ideas/5|Trains ' +
        '&amp; desks> in <https://ideas.example.com/brainstorms/1|Commuting>: Use &lt;b&gt; ' +
        '&amp; more',
    });
  });

  it('tells every event in Slack, leaving text out under blind review and paths unlinked', () => {
    const blind = structuredClone(comment);
    (blind.data.comment as { text: string | null }).text = null;
    (blind.data.idea as { url: string }).url = '/brainstorms/1/ideas/5';
    expect(slackMessage(blind).text).toBe(
      '💬 Ada Lovelace commented on Trains &amp; desks in ' +
        '<https://ideas.example.com/brainstorms/1|Commuting> (under blind review: open the idea ' +
        'to read it)',
    );
    const pinned = slackMessage({
      type: 'idea.pinned',
      timestamp: '',
      data: { idea: { title: 'Desks', url: '/i' }, brainstorm: { title: 'Trains', url: '/b' } },
    });
    expect(pinned.text).toBe('📌 Pinned in Trains: Desks');
    const generated = slackMessage({
      type: 'generation.finished',
      timestamp: '',
      data: {
        generation: {
          requested: 5,
          succeeded: 3,
          failed: 2,
          provider: 'offline',
          model: 'sample-ideas',
          requested_by: { name: 'Ada' },
        },
        brainstorm: { title: 'Trains', url: '/b' },
      },
    });
    expect(generated.text).toBe(
      'Ideas generated in Trains: 3 of 5, 2 failed with offline sample-ideas, asked for by Ada.',
    );
    const ranked = slackMessage({
      type: 'ranking.finished',
      timestamp: '',
      data: {
        ranking: {
          ranked: 20,
          url: 'https://ideas.example.com/brainstorms/1/ranking',
          top: [1, 2, 3, 4].map((rank) => ({
            rank,
            title: `Idea <${String(rank)}>`,
            url: `/brainstorms/1/ideas/${String(rank)}`,
          })),
        },
        brainstorm: { title: 'Trains', url: '/b' },
      },
    });
    expect(ranked.text).toBe(
      '🏆 <https://ideas.example.com/brainstorms/1/ranking|Ranking> of 20 ideas finished in ' +
        'Trains: 1. Idea &lt;1&gt;, 2. Idea &lt;2&gt;, 3. Idea &lt;3&gt;',
    );
  });
});

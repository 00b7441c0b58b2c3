import { describe, expect, it } from 'vitest';
import { makeIdea, withAnnotation } from '@/entities/idea/testing/idea-fixtures';
import { formatVotes, voteDisplay } from './votes';

describe('votes shown for an idea', () => {
  it('is the team sum when I have not reviewed the idea', () => {
    expect(voteDisplay(makeIdea({ votes: 3 }))).toEqual({ shown: 3, team: null });
    expect(formatVotes(makeIdea({ votes: -2 }))).toBe('-2');
  });

  it('is my vote when I have an annotation, with the team sum beside it when they differ', () => {
    const idea = withAnnotation(makeIdea({ votes: 5 }), { vote: 1 });
    expect(voteDisplay(idea)).toEqual({ shown: 1, team: 5 });
    expect(formatVotes(idea)).toBe('You: +1 · Team: 5');
    expect(formatVotes(withAnnotation(makeIdea({ votes: -3 }), { vote: -1 }))).toBe(
      'You: -1 · Team: -3',
    );
  });

  it('is my vote alone when it equals the team sum', () => {
    expect(formatVotes(withAnnotation(makeIdea({ votes: 1 }), { vote: 1 }))).toBe('1');
  });

  it('counts a cleared vote (0) as my vote', () => {
    expect(formatVotes(withAnnotation(makeIdea({ votes: 2 }), { vote: 0 }))).toBe(
      'You: 0 · Team: 2',
    );
  });

  it('reads the annotation from either field, and falls back to 0 without a sum', () => {
    const annotated = withAnnotation(makeIdea({ votes: 4 }), { vote: -1 });
    expect(voteDisplay({ ...annotated, user_annotation: undefined })).toEqual({
      shown: -1,
      team: 4,
    });
    const noSum = { ...makeIdea(), votes: undefined } as unknown as ReturnType<typeof makeIdea>;
    expect(voteDisplay(noSum)).toEqual({ shown: 0, team: null });
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { addReaction } from '../api/add-reaction';
import type { removeReaction } from '../api/remove-reaction';
import type { IdeaAnnotation, IdeaReaction, TempId } from '../api/types';
import type { updateAnnotation } from '../api/update-annotation';
import type { voteAnnotation } from '../api/vote-annotation';
import { makeIdea } from '../testing/idea-fixtures';
import { blankAnnotation, savedId } from './annotation-cache';
import { setReaction } from './annotation-changes';

describe('temporary ids', () => {
  it('are a type of their own, which no request takes (checked by the compiler)', () => {
    expectTypeOf<IdeaAnnotation['id']>().toEqualTypeOf<number | TempId>();
    expectTypeOf<IdeaReaction['id']>().toEqualTypeOf<number | TempId>();
    expectTypeOf<TempId>().not.toExtend<Parameters<typeof voteAnnotation>[0]>();
    expectTypeOf<TempId>().not.toExtend<Parameters<typeof updateAnnotation>[0]>();
    expectTypeOf<TempId>().not.toExtend<Parameters<typeof addReaction>[2]>();
    expectTypeOf<TempId>().not.toExtend<Parameters<typeof removeReaction>[0]>();
    // The one way from the cache to a request: the server's id, or null.
    expectTypeOf(savedId).returns.toEqualTypeOf<number | null>();
  });

  it('mark what is made here until the server answers, with no owner yet', () => {
    const annotation = blankAnnotation(3);
    expect(annotation.id).toMatch(/^temp-/);
    expect(annotation.user).toBeNull();
    expect(savedId(annotation)).toBeNull();
    const reaction = setReaction(makeIdea(), 'laugh', true, 'temp-9').user_annotation?.reactions[0];
    expect(reaction?.id).toBe('temp-9');
    expect(savedId(reaction)).toBeNull();
    expect(savedId({ id: 42 })).toBe(42);
  });
});

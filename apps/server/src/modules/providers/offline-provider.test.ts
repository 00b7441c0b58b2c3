import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAINSTORM_TYPE_VALUES } from '../brainstorms/brainstorm-types.js';
import { generatedIdeaSchema, type PromptInput } from './generated-idea.js';
import { anglesFor } from '../generation/prompts.js';
import { countNearDuplicates, isNearDuplicate } from './similarity.js';
import { composeOfflineIdea, seededRandom } from './offline-provider.js';

const problem =
  'New hires take months to become productive, and seniors lose time answering the same ' +
  'questions again and again.';
const themes = ['documentation', 'mentoring', 'tooling'];

function slot(type: string, overrides: Partial<PromptInput> = {}): PromptInput {
  const [angle] = anglesFor(type, overrides.themes ?? themes, 1);
  if (!angle) throw new Error('anglesFor gave no angle');
  return {
    type,
    title: 'Faster onboarding',
    problem,
    themes,
    avoidTitles: [],
    angle,
    ...overrides,
  };
}

describe('composeOfflineIdea', () => {
  it('always answers something the idea schema accepts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BRAINSTORM_TYPE_VALUES, 'unknown'),
        fc.record({
          title: fc.string({ maxLength: 200 }),
          problem: fc.string({ maxLength: 5000 }),
          themes: fc.array(fc.string({ maxLength: 300 }), { maxLength: 5 }),
          avoidTitles: fc.array(fc.string({ maxLength: 200 }), { maxLength: 10 }),
        }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer(),
        (type, text, slots, seed) => {
          const angles = anglesFor(type, text.themes, slots);
          const angle = angles[angles.length - 1];
          if (!angle) throw new Error('anglesFor gave no angle');
          const idea = composeOfflineIdea({ type, ...text, angle }, seededRandom(seed));
          expect(generatedIdeaSchema.safeParse(idea).success).toBe(true);
        },
      ),
    );
  });

  it('keeps titles short for a 5,000-character problem and works with no themes', () => {
    const long = `${'word '.repeat(999)}end`;
    for (let seed = 0; seed < 50; seed += 1) {
      const idea = composeOfflineIdea(slot('classic', { problem: long }), seededRandom(seed));
      expect(generatedIdeaSchema.parse(idea).title.length).toBeLessThanOrEqual(120);
      const bare = slot('scamper', { problem: '', title: '', themes: [] });
      expect(generatedIdeaSchema.safeParse(composeOfflineIdea(bare, seededRandom(seed)))).toEqual(
        expect.objectContaining({ success: true }),
      );
    }
  });

  it('is reproducible for a seed', () => {
    const first = composeOfflineIdea(slot('starbursting'), seededRandom(7));
    expect(composeOfflineIdea(slot('starbursting'), seededRandom(7))).toEqual(first);
  });

  it('steers clear of the titles to avoid', () => {
    for (let seed = 0; seed < 30; seed += 1) {
      const { title } = composeOfflineIdea(slot('crazy_eights'), seededRandom(seed));
      const again = composeOfflineIdea(
        slot('crazy_eights', { avoidTitles: [title] }),
        seededRandom(seed),
      );
      expect(isNearDuplicate(again.title, title)).toBe(false);
    }
  });

  it.each(BRAINSTORM_TYPE_VALUES)('gives 50 varied titles for one %s brainstorm', (type) => {
    for (const slotThemes of [themes, []]) {
      const random = seededRandom(2024);
      const titles: string[] = [];
      for (const angle of anglesFor(type, slotThemes, 50)) {
        const input = slot(type, { themes: slotThemes, angle, avoidTitles: [...titles].reverse() });
        titles.push(composeOfflineIdea(input, random).title);
      }
      expect(countNearDuplicates(titles)).toBeLessThanOrEqual(2);
    }
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const [a, b] = [seededRandom(99), seededRandom(99)];
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
  });
});

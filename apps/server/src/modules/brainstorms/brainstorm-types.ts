/** The brainstorming techniques the product supports; the first is the default. */
export const BRAINSTORM_TYPES = [
  {
    value: 'bad_idea_contest',
    display_name: 'Bad Idea Contest',
    description: 'Collect deliberately terrible ideas, then turn each one around into a good one.',
  },
  {
    value: 'classic',
    display_name: 'Classic Brainstorm',
    description: 'Open, judgement-free idea generation: quantity first, wild ideas welcome.',
  },
  {
    value: 'reverse_brainstorming',
    display_name: 'Reverse Brainstorming',
    description: 'Ask how to cause or worsen the problem, then invert every answer.',
  },
  {
    value: 'scamper',
    display_name: 'SCAMPER',
    description:
      'Substitute, Combine, Adapt, Modify, Put to another use, Eliminate, Reverse: one prompt each.',
  },
  {
    value: 'six_thinking_hats',
    display_name: 'Six Thinking Hats',
    description:
      'Look at the problem through facts, feelings, caution, benefits, creativity and process.',
  },
  {
    value: 'starbursting',
    display_name: 'Starbursting',
    description:
      'Generate the questions first (who, what, where, when, why, how), then the answers.',
  },
  {
    value: 'crazy_eights',
    display_name: 'Crazy Eights',
    description: 'Eight distinct ideas in eight minutes: speed over polish, no two alike.',
  },
  {
    value: 'mind_mapping',
    display_name: 'Mind Mapping',
    description:
      'Branch out from the problem into themes, then into concrete ideas on each branch.',
  },
] as const;

export type BrainstormType = (typeof BRAINSTORM_TYPES)[number]['value'];

export const DEFAULT_BRAINSTORM_TYPE: BrainstormType = 'bad_idea_contest';

export const BRAINSTORM_TYPE_VALUES = BRAINSTORM_TYPES.map((t) => t.value) as [
  BrainstormType,
  ...BrainstormType[],
];

const displayNames = new Map<string, string>(
  BRAINSTORM_TYPES.map((t) => [t.value, t.display_name]),
);

/** The label for a stored type; an unknown value shows as itself. */
export const typeDisplayName = (value: string) => displayNames.get(value) ?? value;

/** The technique a stored type value runs as: unknown values run as a classic brainstorm. */
export function techniqueFor(type: string): BrainstormType {
  return BRAINSTORM_TYPE_VALUES.find((value) => value === type) ?? 'classic';
}

import type { ReactionType } from '@/entities/idea/api/add-reaction';
import { REACTIONS } from '@/entities/idea/api/toggle-reaction';

/** What the active row can be asked to do from the keyboard; each says what it did. */
export interface RowCommands {
  vote: (direction: 1 | -1) => string;
  react: (type: ReactionType) => string;
  bookmark: () => string;
  hide: () => string;
  comment: () => string;
  /** 'More like this': a generation that develops the idea. */
  moreLikeThis: () => string;
  /** 'Flip it', for a Bad Idea Contest's ideas only. */
  flipIt: (() => string) | null;
}

/** Every key of the review list, for the '?' overlay. */
const LIST_KEYS = [
  { keys: ['j', '↓'], action: 'Next idea' },
  { keys: ['k', '↑'], action: 'Previous idea' },
  { keys: ['u'], action: 'Vote up (again to remove the vote)' },
  { keys: ['d'], action: 'Vote down (again to remove the vote)' },
  ...REACTIONS.map(({ emoji, label }, index) => ({
    keys: [String(index + 1)],
    action: `${emoji} ${label}`,
  })),
  { keys: ['b'], action: 'Bookmark or remove the bookmark' },
  { keys: ['h'], action: 'Hide or show the idea' },
  { keys: ['c'], action: 'Open or close the comment row' },
  { keys: ['m'], action: 'More like this: generate ideas that develop it' },
  { keys: ['f'], action: 'Flip it: turn a bad idea into a workable one (Bad Idea Contest)' },
  { keys: ['Esc'], action: 'Close the comment row' },
  { keys: ['?'], action: 'Show these keys' },
];

/** The comment box's own keys; once it closes, the idea's row has the keys again. */
const COMMENT_KEYS = [
  { keys: ['Enter', 'Ctrl+Enter', '⌘+Enter'], action: 'Submit the comment' },
  { keys: ['Shift+Enter'], action: 'Start a new line' },
  { keys: ['Esc'], action: 'Close the comment row, asking first if it holds text' },
];

/** The keys for the '?' overlay, in groups. */
export const REVIEW_KEYS = [
  { title: 'In the list', keys: LIST_KEYS },
  { title: 'In the comment box', keys: COMMENT_KEYS },
] as const;

const NOT_TYPED_IN = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
]);

/** Keys typed into a field, or used in an open list, menu or question, are theirs. */
export function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('[role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"]') !==
      null ||
    (target instanceof HTMLInputElement && !NOT_TYPED_IN.has(target.type)) ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.getAttribute('role') === 'combobox'
  );
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseForm, readProblem } from './problem-reading.js';

describe('readProblem', () => {
  it.each([
    [
      'How might we help teenagers sleep more?',
      { audience: 'teenagers', aim: { text: 'sleep more', by: 'audience' } },
    ],
    [
      'How do we get new engineers shipping confidently in their first two weeks?',
      { audience: 'new engineers', aim: { text: 'ship confidently', by: 'audience' } },
    ],
    [
      'What would make twice as many colleagues cycle to work?',
      { audience: 'colleagues', aim: { text: 'cycle to work', by: 'audience' } },
    ],
    [
      'How can our neighbourhood help older residents who live alone feel less isolated?',
      {
        audience: 'older residents',
        aim: { text: 'feel less isolated', by: 'audience' },
        topic: 'our neighbourhood',
      },
    ],
    [
      'How might we give every team member two meeting-free days a week?',
      {
        audience: 'team members',
        aim: { text: 'get two meeting-free days a week', by: 'audience' },
      },
    ],
    [
      'How might we make it easier for parents to find childcare?',
      { audience: 'parents', aim: { text: 'find childcare', by: 'audience' } },
    ],
    [
      'How might we cut the food thrown away in our office kitchens by half?',
      { aim: { text: 'cut the food thrown away', by: 'us' }, object: 'the food thrown away' },
    ],
    [
      'How can the town library become a place teenagers choose to spend time?',
      {
        audience: 'teenagers',
        aim: { text: 'become a place teenagers choose', by: 'topic' },
        topic: 'the town library',
      },
    ],
    [
      'How might we make Monday mornings better?',
      { aim: { text: 'make Monday mornings better', by: 'us' }, object: 'Monday mornings' },
    ],
    [
      'How might we help senior engineers mentor juniors?',
      { audience: 'senior engineers', aim: { text: 'mentor juniors', by: 'audience' } },
    ],
    ['How might we hire faster?', { aim: { text: 'hire faster', by: 'us' } }],
    [
      'New hires take months to become productive, and seniors lose time answering questions.',
      { audience: 'new hires', aim: { text: 'become productive', by: 'audience' } },
    ],
    [
      'Our open-plan office is too noisy to concentrate in.',
      { aim: { text: 'concentrate', by: 'us' }, topic: 'our open-plan office' },
    ],
  ])('reads %j', (problem, expected) => {
    expect(readProblem(problem)).toMatchObject(expected);
    const found = Object.keys(readProblem(problem)).filter((key) => key !== 'quoted');
    expect(found.sort()).toEqual(Object.keys(expected).sort());
  });

  it('lists the problem and its question without the opening as texts not to quote', () => {
    expect(readProblem('How might we help teenagers sleep more?').quoted).toEqual([
      'how might we help teenagers sleep more',
      'we help teenagers sleep more',
      'help teenagers sleep more',
    ]);
    expect(readProblem('  ').quoted).toEqual([]);
  });

  it('takes nothing from a problem in another language', () => {
    expect(readProblem('Wie können wir Jugendlichen helfen, mehr zu schlafen?')).toEqual({
      quoted: ['wie können wir jugendlichen helfen mehr zu schlafen'],
    });
  });

  it('reads any text without failing, and what it finds is short', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (problem) => {
        const reading = readProblem(problem);
        for (const piece of [reading.audience, reading.aim?.text, reading.topic]) {
          expect((piece ?? '').split(' ').length).toBeLessThanOrEqual(8);
        }
      }),
    );
  });
});

describe('baseForm', () => {
  it('turns a verb’s -ing form back into its base form', () => {
    const words = 'shipping making cycling using changing managing visiting opening sharing';
    expect(words.split(' ').map(baseForm)).toEqual(
      'ship make cycle use change manage visit open share'.split(' '),
    );
    const more = 'creating focusing choosing bringing living listening reducing travelling sing';
    expect(more.split(' ').map(baseForm)).toEqual(
      'create focus choose bring live listen reduce travel sing'.split(' '),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { clusterByKeywords, type KeywordIdea, type KeywordThemes } from './keyword-themes.js';

const bikes: [string, string][] = [
  ['Bike lanes on every commuter route', 'Painted bike lanes so commuting by bike feels safe.'],
  ['Secure bike parking at the station', 'Locked bike racks for commuters who ride to the train.'],
  ['Bike commuting rewards', 'Points for every commute made by bike instead of car.'],
  ['Showers for bike commuters', 'Office showers so riders can bike to work in summer.'],
  ['Bike repair stands downtown', 'Free repair stands with pumps for commuters on a bike.'],
  ['Bike share for the last mile', 'Shared bikes near stations for the commute home.'],
  ['Winter bike commuting kit', 'Lights, gloves and studded tyres to ride a bike to work.'],
  ['Bike route planner', 'Maps showing quiet bike routes for the daily commute.'],
];
const food: [string, string][] = [
  ['Seasonal restaurant menu', 'A menu that changes with the dishes in season.'],
  ['Restaurant menu with photos', 'Every dish on the menu shown with a photo.'],
  ['Allergen labels on the menu', 'Restaurant dishes marked with their allergens.'],
  ['Chef tasting menu night', 'The chef cooks a tasting menu of new restaurant dishes.'],
  ['Digital restaurant menu', 'Guests order dishes from the menu on their phone.'],
  ['Kids menu with smaller dishes', 'Half portions of restaurant dishes for children.'],
  ['Vegetarian restaurant dishes', 'More vegetarian dishes on the restaurant menu.'],
  ['Menu of the day board', 'The restaurant chef writes the dish of the day.'],
];
const school: [string, string][] = [
  ['Homework club after school', 'Students do their homework at school with a teacher.'],
  ['Homework planner for students', 'A planner where students track homework deadlines.'],
  ['Less homework on weekends', 'School policy: no homework for students on weekends.'],
  ['Homework help from older students', 'Older students tutor younger ones with homework.'],
  ['Online homework submission', 'Students hand in homework to the school portal.'],
  ['Homework hotline for parents', 'Teachers answer homework questions from school parents.'],
  ['Group homework projects', 'Students share homework projects across the school.'],
  ['Homework feedback within a week', 'Teachers return marked homework to students quickly.'],
];

function ideasOf(...groups: [string, string][][]): KeywordIdea[] {
  let id = 100;
  return groups.flat().map(([title, summary]) => ({ id: (id += 7), title, summary }));
}

/** Interleaves the groups, so no group arrives in one block. */
function interleave<T>(...groups: T[][]): T[] {
  const longest = Math.max(...groups.map((group) => group.length));
  return Array.from({ length: longest }, (_, i) =>
    groups.flatMap((group) => group.slice(i, i + 1)),
  ).flat();
}

function groupsOf(result: KeywordThemes): number[][] {
  return result.themes
    .map((theme) => [...theme.ideas].sort((a, b) => a - b))
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

function expectEveryIdOnce(ideas: readonly KeywordIdea[], result: KeywordThemes) {
  const seen = [...result.themes.flatMap((theme) => theme.ideas), ...result.unsorted];
  expect([...seen].sort((a, b) => a - b)).toEqual(
    ideas.map((idea) => idea.id).sort((a, b) => a - b),
  );
}

/** A deterministic shuffle. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  const next = randomInts(seed);
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = next(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe('clusterByKeywords', () => {
  const [bikeIdeas, foodIdeas, schoolIdeas] = [
    ideasOf(bikes),
    ideasOf(food).map((idea) => ({ ...idea, id: idea.id + 1000 })),
    ideasOf(school).map((idea) => ({ ...idea, id: idea.id + 2000 })),
  ] as [KeywordIdea[], KeywordIdea[], KeywordIdea[]];
  const ideas = interleave(bikeIdeas, foodIdeas, schoolIdeas);

  it('finds three clearly separate topics, named by their words', () => {
    const result = clusterByKeywords(ideas);
    expect(result.themes).toHaveLength(3);
    expect(groupsOf(result)).toEqual(
      [bikeIdeas, foodIdeas, schoolIdeas].map((group) => group.map((idea) => idea.id)),
    );
    expect(result.unsorted).toEqual([]);
    const names = result.themes.map((theme) => theme.name);
    expect(names.find((name) => name.includes('bike'))).toBeDefined();
    expect(names.find((name) => /restaurant|menu|dish/.test(name))).toBeDefined();
    expect(names.find((name) => name.includes('homework'))).toBeDefined();
    for (const theme of result.themes) {
      expect(theme.description).toMatch(
        /^Ideas sharing the words .+ \(grouped by shared words, without a language model\)\.$/,
      );
      expect(theme.description.length).toBeLessThanOrEqual(300);
    }
  });

  it('keeps members of a theme in input order and themes largest first', () => {
    const extraBikes = ideasOf([
      ['Bike bells for commuters', 'A bell on every commuter bike.'],
      ['Bike commute buddies', 'Pair new bike commuters with experienced riders.'],
    ]).map((idea) => ({ ...idea, id: idea.id + 5000 }));
    const input = [...ideas, ...extraBikes];
    const result = clusterByKeywords(input);
    const sizes = result.themes.map((theme) => theme.ideas.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(result.themes[0]?.ideas).toHaveLength(10);
    const position = new Map(input.map((idea, i) => [idea.id, i]));
    for (const theme of result.themes) {
      const positions = theme.ideas.map((id) => position.get(id) ?? -1);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('gives the same answer every time, whatever the order of the ideas', () => {
    const first = clusterByKeywords(ideas);
    expect(clusterByKeywords(ideas)).toEqual(first);
    for (const seed of [1, 2, 3]) {
      const again = clusterByKeywords(shuffled(ideas, seed));
      expect(groupsOf(again)).toEqual(groupsOf(first));
      expect(again.themes.map((theme) => theme.name).sort()).toEqual(
        first.themes.map((theme) => theme.name).sort(),
      );
    }
  });

  it('leaves unrelated one-off ideas unsorted instead of forcing them into a theme', () => {
    const oneOffs = ideasOf([
      ['Volcano insurance', 'Cover for lava damage to greenhouses.'],
      ['Knitting circle', 'Wool, needles and tea on Thursdays.'],
      ['Astronomy podcast', 'Interviews about telescopes and galaxies.'],
      ['Quantum origami', 'Folding paper cranes by physics.'],
    ]).map((idea) => ({ ...idea, id: idea.id + 9000 }));
    const input = interleave(bikeIdeas, foodIdeas, schoolIdeas, oneOffs);
    const result = clusterByKeywords(input);
    expect(groupsOf(result)).toEqual(
      [bikeIdeas, foodIdeas, schoolIdeas].map((group) => group.map((idea) => idea.id)),
    );
    const position = new Map(input.map((idea, i) => [idea.id, i]));
    expect([...result.unsorted].sort((a, b) => a - b)).toEqual(oneOffs.map((idea) => idea.id));
    expect(result.unsorted).toEqual(
      [...result.unsorted].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)),
    );
    expectEveryIdOnce(input, result);
  });

  it('finds no themes among ideas that share no words', () => {
    const input = ideasOf([
      ['Volcano insurance', 'Cover for lava damage.'],
      ['Knitting circle', 'Wool and needles.'],
      ['Astronomy podcast', 'Telescopes and galaxies.'],
      ['Quantum origami', 'Folding paper cranes.'],
      ['Beekeeping lessons', 'Honey harvests on rooftops.'],
      ['Chess tournaments', 'Rapid games with clocks.'],
      ['Sourdough starter swap', 'Flour and jars.'],
    ]);
    expect(clusterByKeywords(input)).toEqual({ themes: [], unsorted: input.map((i) => i.id) });
  });

  it('sorts nothing when there are fewer than six ideas', () => {
    const input = bikeIdeas.slice(0, 5);
    expect(clusterByKeywords(input)).toEqual({ themes: [], unsorted: input.map((i) => i.id) });
    expect(clusterByKeywords([])).toEqual({ themes: [], unsorted: [] });
  });

  it('copes with empty titles, punctuation-only text and repeated ideas', () => {
    const odd = ideasOf([
      ['', ''],
      ['!!!', '???'],
      ['—', '... ,,, ;;;'],
      ['', 'Bike lanes for the commute.'],
      ['Bike lanes', ''],
    ]).map((idea) => ({ ...idea, id: idea.id + 7000 }));
    const input = [...ideas, ...odd, ...odd.map((idea) => ({ ...idea, id: idea.id + 1 }))];
    const result = clusterByKeywords(input);
    expectEveryIdOnce(input, result);
    for (const id of [odd[0], odd[1], odd[2]].map((idea) => idea?.id ?? 0)) {
      expect(result.unsorted).toContain(id);
    }
  });

  it('reads letters beyond English', () => {
    const accents = ideasOf([
      ['Café crème au déjeuner', 'Un café crème servi avec le déjeuner.'],
      ['Café crème à emporter', 'Le café crème dans une tasse réutilisable.'],
      ['Café crème glacé', 'Un café crème froid pour l’été.'],
      ['Café crème et croissant', 'Le matin, café crème avec croissant.'],
    ]);
    const german = ideasOf([
      ['Übungsräume für Müller', 'Größere Übungsräume für die Müller Schüler.'],
      ['Übungsräume am Wochenende', 'Übungsräume öffnen für Schüler am Wochenende.'],
      ['Übungsräume mit Klavier', 'Ein Klavier in jedem der Übungsräume für Schüler.'],
      ['Übungsräume buchen', 'Schüler buchen Übungsräume online.'],
    ]).map((idea) => ({ ...idea, id: idea.id + 100 }));
    const japanese = ideasOf([
      ['日本料理の教室', '日本料理を学ぶ教室。'],
      ['日本料理の配達', '日本料理を家に届ける。'],
      ['日本料理の本', '日本料理のレシピの本。'],
      ['日本料理の祭り', '町で日本料理を楽しむ。'],
    ]).map((idea) => ({ ...idea, id: idea.id + 200 }));
    const input = interleave(accents, german, japanese);
    const result = clusterByKeywords(input);
    expectEveryIdOnce(input, result);
    expect(groupsOf(result)).toEqual(
      [accents, german, japanese].map((group) => group.map((idea) => idea.id)),
    );
    const names = result.themes.map((theme) => theme.name).join(' | ');
    expect(names).toMatch(/café|crème/);
    expect(names).toMatch(/übungsräume|schüler/);
    expect(names).toMatch(/日本|料理/);
  });

  it('names every theme differently, in at most 80 characters', () => {
    // Many ideas on overlapping words, some of them very long, so names crowd each other.
    const long = 'Supercalifragilisticexpialidocious'.repeat(3);
    const words = ['garden', 'compost', 'rooftop', 'seedling', 'harvest', 'irrigation'];
    const input: KeywordIdea[] = [];
    for (let i = 0; i < 60; i += 1) {
      const a = words[i % words.length] ?? '';
      const b = words[(i * 5 + 1) % words.length] ?? '';
      input.push({ id: i + 1, title: `${a} ${b} ${long}`, summary: `${a} ${long}${i % 4}` });
    }
    const result = clusterByKeywords(input);
    expectEveryIdOnce(input, result);
    const names = result.themes.map((theme) => theme.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(80);
    for (const theme of result.themes) expect(theme.ideas.length).toBeGreaterThanOrEqual(2);
  });

  it('clusters a thousand ideas by topic, each once', () => {
    const topics = [
      ['bike', 'commute', 'lane', 'helmet', 'station'],
      ['restaurant', 'menu', 'chef', 'dish', 'table'],
      ['homework', 'school', 'student', 'teacher', 'exam'],
      ['garden', 'compost', 'seed', 'harvest', 'soil'],
      ['invoice', 'payment', 'billing', 'refund', 'tax'],
    ];
    const next = randomInts(42);
    // Half of each idea's words are its topic's, half drawn from 3,000 others.
    const pick = (topic: string[]) => () =>
      next(2) === 0 ? filler(next(3000)) : (topic[next(topic.length)] ?? '');
    const input = Array.from({ length: 1000 }, (_, i) => {
      const topic = topics[i % topics.length] ?? [];
      return {
        id: i + 1,
        title: Array.from({ length: 6 }, pick(topic)).join(' '),
        summary: Array.from({ length: 30 }, pick(topic)).join(' '),
      };
    });
    const result = clusterByKeywords(input);
    expectEveryIdOnce(input, result);
    expect(result.themes).toHaveLength(5);
    for (const theme of result.themes) {
      const topic = new Set(theme.ideas.map((id) => (id - 1) % topics.length));
      expect(topic.size).toBe(1);
      const words = topics[[...topic][0] ?? 0] ?? [];
      expect(theme.name.split(' · ').every((word) => words.includes(word))).toBe(true);
    }
    expect(result.unsorted.length).toBeLessThan(50);
  });

  it('makes no themes of words shared only by chance', () => {
    const next = randomInts(7);
    const input = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      title: Array.from({ length: 5 }, () => filler(next(2000))).join(' '),
      summary: Array.from({ length: 20 }, () => filler(next(2000))).join(' '),
    }));
    const result = clusterByKeywords(input);
    expectEveryIdOnce(input, result);
    expect(result.unsorted.length).toBeGreaterThan(270);
  });
});

/** Made-up words that are no English word: "wordax", "wordbx", … */
const filler = (i: number) => `word${i.toString(36)}x`;

/** A seeded source of integers below a limit (xorshift-multiply), the same for the same seed. */
function randomInts(seed: number): (limit: number) => number {
  let state = seed;
  return (limit) => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) | 0;
    state ^= state >>> 13;
    return (state >>> 0) % limit;
  };
}

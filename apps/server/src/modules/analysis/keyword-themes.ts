export interface KeywordIdea {
  id: number;
  title: string;
  summary: string;
}
export interface KeywordThemes {
  themes: { name: string; description: string; ideas: number[] }[];
  unsorted: number[];
}
/** Clusters ideas by the words they share (placeholder until the clustering lands). */
export function clusterByKeywords(ideas: readonly KeywordIdea[]): KeywordThemes {
  return { themes: [], unsorted: ideas.map((idea) => idea.id) };
}

export function newIdeasText(count: number) {
  return count === 1 ? '1 new idea' : `${String(count)} new ideas`;
}

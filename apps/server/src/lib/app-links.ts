/** Links into the web app: absolute with the deployment's public address, else paths. */
export function appLinks(publicUrl: string | undefined) {
  const origin = publicUrl ?? '';
  return {
    brainstorm: (id: number) => `${origin}/brainstorms/${id}`,
    idea: (brainstormId: number, id: number) => `${origin}/brainstorms/${brainstormId}/ideas/${id}`,
    ranking: (brainstormId: number) => `${origin}/brainstorms/${brainstormId}/ranking`,
  };
}

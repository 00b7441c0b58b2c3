import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { requireParam } from './required-param';
import type { ServerAnnotation } from './types';

export type AnnotationValues = Omit<
  paths['/api/idea-annotations/annotations/']['post']['requestBody']['content']['application/json'],
  'idea_id'
>;

/** The annotation without the idea's summary the annotation endpoints add. */
export function asAnnotation({
  idea_detail: _detail,
  ...annotation
}: ServerAnnotation & { idea_detail?: unknown }): ServerAnnotation {
  return annotation;
}

/** Creates the caller's annotation of an idea with these values (or sets them on the one there is). */
export async function createAnnotation(
  ideaId: number | null | undefined,
  values: AnnotationValues | null | undefined,
) {
  const idea_id = requireParam(ideaId, 'idea_id', 'createAnnotation');
  const body = requireParam(values, 'body', 'createAnnotation');
  const { data, error, response } = await api.POST('/api/idea-annotations/annotations/', {
    body: { idea_id, ...body },
  });
  if (!data) throw new ApiError(response.status, error);
  return asAnnotation(data);
}

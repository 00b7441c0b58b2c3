import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { AnnotationValues } from './create-annotation';
import { asAnnotation } from './create-annotation';
import { requireParam } from './required-param';

/** Sets the named fields of one of the caller's annotations (PATCH writes only those). */
export async function updateAnnotation(
  annotationId: number | null | undefined,
  values: AnnotationValues | null | undefined,
) {
  const id = requireParam(annotationId, 'id', 'updateAnnotation');
  const body = requireParam(values, 'body', 'updateAnnotation');
  const { data, error, response } = await api.PATCH('/api/idea-annotations/annotations/{id}/', {
    params: { path: { id } },
    body,
  });
  if (!data) throw new ApiError(response.status, error);
  return asAnnotation(data);
}

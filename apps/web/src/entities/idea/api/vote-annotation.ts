import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { asAnnotation } from './create-annotation';
import { requireParam } from './required-param';

export type VoteValue = 1 | 0 | -1;

/** Sets the caller's vote on an annotated idea: 1, -1, or 0 to clear it. */
export async function voteAnnotation(
  annotationId: number | null | undefined,
  value: VoteValue | null | undefined,
) {
  const id = requireParam(annotationId, 'id', 'voteAnnotation');
  const vote = requireParam(value, 'value', 'voteAnnotation');
  const { data, error, response } = await api.POST('/api/idea-annotations/annotations/{id}/vote/', {
    params: { path: { id } },
    body: { value: vote },
  });
  if (!data) throw new ApiError(response.status, error);
  return asAnnotation(data);
}

import { ApiError } from '@/lib/api/api-error';

export const NO_DATA_MESSAGE = 'No data received from the server';

/** The CSV an export asked for as a blob: an error answer or an empty body is a failure. */
export function csvBlob({
  data,
  error,
  response,
}: {
  data?: Blob;
  error?: unknown;
  response: Response;
}): Blob {
  if (!response.ok) throw new ApiError(response.status, error);
  if (!data || data.size === 0) throw new Error(NO_DATA_MESSAGE);
  return data;
}

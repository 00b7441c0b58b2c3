import { requestJson } from '@/lib/api/request-json';
import { useThemeMutation } from './theme-mutation';

/** Deletes a theme; its ideas become unsorted. */
export function deleteTheme(id: number) {
  return requestJson<undefined>('DELETE', `/api/themes/${String(id)}/`);
}

export function useDeleteTheme() {
  return useThemeMutation('delete', deleteTheme);
}

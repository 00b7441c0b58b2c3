import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import type { Member } from '../api/types';

export const staffUser = makeUser({
  id: 1,
  email: 'sam@example.com',
  first_name: 'Sam',
  last_name: 'Staff',
  name: 'Sam Staff',
  is_staff: true,
});

export const member = (id: number, overrides: Partial<Member> = {}) =>
  makeUser({
    id,
    email: `member${id}@example.com`,
    first_name: 'Member',
    last_name: String(id),
    name: `Member ${id}`,
    ...overrides,
  });

/**
 * An in-memory users API: GET lists the members (newest first), POST adds one, PATCH changes
 * one; a password set either way is one-time. Every request body is kept for the test to read.
 */
export function serveTeam(initial: Member[]) {
  const members = [...initial];
  const posted: Record<string, unknown>[] = [];
  const patched: { id: number; body: Record<string, unknown> }[] = [];
  const listed: URLSearchParams[] = [];
  server.use(
    http.get('/api/users/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listed.push(query);
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('page_size') ?? 10);
      const results = members.slice((page - 1) * size, page * size);
      return HttpResponse.json({
        count: members.length,
        next: page * size < members.length ? `/api/users/?page=${page + 1}` : null,
        previous: page > 1 ? `/api/users/?page=${page - 1}` : null,
        results,
      });
    }),
    http.post('/api/users/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      const added = makeUser({
        id: 100 + posted.length,
        email: String(body.email),
        first_name: String(body.first_name),
        last_name: String(body.last_name),
        name: `${String(body.first_name)} ${String(body.last_name)}`,
        is_staff: body.is_staff === true,
        password_must_change: true,
      });
      members.unshift(added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.patch('/api/users/:id/', async ({ params, request }) => {
      const id = Number(params.id);
      const body = (await request.json()) as Record<string, unknown>;
      patched.push({ id, body });
      const index = members.findIndex((m) => m.id === id);
      const current = members[index];
      if (!current) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const updated = {
        ...current,
        ...(typeof body.is_active === 'boolean' ? { is_active: body.is_active } : {}),
        ...(typeof body.password === 'string' ? { password_must_change: true } : {}),
      };
      members[index] = updated;
      return HttpResponse.json(updated);
    }),
  );
  return { members, posted, patched, listed };
}

import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { Brainstorm } from '../api/types';
import { formatDateTime } from '../lib/format-date-time';

export function BrainstormTable({ brainstorms }: { brainstorms: Brainstorm[] }) {
  return (
    <Table className="min-w-[36rem]">
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Type</TableHead>
          <TableHead className="text-right">#Ideas</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {brainstorms.map((brainstorm) => (
          <TableRow key={brainstorm.id}>
            <TableCell className="max-w-xs font-medium break-words whitespace-normal">
              {brainstorm.title || 'Untitled'}
            </TableCell>
            <TableCell>
              <div>{brainstorm.type_display}</div>
              {import.meta.env.DEV ? (
                <div className="font-mono text-xs text-muted-foreground">
                  {brainstorm.type} / {brainstorm.parameters.type}
                </div>
              ) : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{brainstorm.ideas_count}</TableCell>
            <TableCell className="whitespace-nowrap">
              {formatDateTime(brainstorm.created)}
            </TableCell>
            <TableCell>
              <Button asChild variant="outline" size="sm">
                <Link to="/brainstorms/$brainstormId" params={{ brainstormId: brainstorm.id }}>
                  View
                  <span className="sr-only"> {brainstorm.title || 'Untitled'}</span>
                </Link>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

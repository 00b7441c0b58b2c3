import { Link } from '@tanstack/react-router';
import { ClipboardCheck, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import type { Brainstorm } from '../api/types';
import { BrainstormEditForm } from './brainstorm-edit-form';
import { BrainstormFacts } from './brainstorm-facts';

export function BrainstormHeaderCard({ brainstorm }: { brainstorm: Brainstorm }) {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const canEdit = user !== null && (user.is_staff || user.id === brainstorm.created_by);
  const title = brainstorm.title || 'Untitled';

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className={editing ? 'sr-only' : 'text-2xl font-semibold tracking-tight break-words'}>
            {title}
          </h1>
          {!editing && brainstorm.description ? (
            <p className="text-sm whitespace-pre-line text-muted-foreground">
              {brainstorm.description}
            </p>
          ) : null}
        </div>
        {editing ? null : (
          <div className="flex flex-wrap gap-2">
            {canEdit ? (
              <Button
                variant="outline"
                onClick={() => {
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/brainstorms/$brainstormId/review" params={{ brainstormId: brainstorm.id }}>
                <ClipboardCheck aria-hidden="true" />
                Review Ideas
              </Link>
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {editing ? (
          <BrainstormEditForm
            brainstorm={brainstorm}
            onDone={() => {
              setEditing(false);
            }}
          />
        ) : null}
        <BrainstormFacts brainstorm={brainstorm} />
      </CardContent>
    </Card>
  );
}

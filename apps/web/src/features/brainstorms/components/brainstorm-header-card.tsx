import { Link } from '@tanstack/react-router';
import { ChartColumn, ClipboardCheck, EyeOff, Layers, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { LiveLine } from '@/entities/brainstorm/live/components/live-line';
import { useAuth } from '@/lib/auth/auth-context';
import { canModify } from '@/lib/auth/can-modify';
import type { Brainstorm } from '../api/types';
import { BrainstormEditForm } from './brainstorm-edit-form';
import { BrainstormFacts } from './brainstorm-facts';

interface BrainstormHeaderCardProps {
  brainstorm: Brainstorm;
  /** The 'Review Ideas' link; left out on the review page, where it would lead to itself. */
  reviewLink?: boolean;
}

export function BrainstormHeaderCard({ brainstorm, reviewLink = true }: BrainstormHeaderCardProps) {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  // Leaving edit mode hands focus back to the Edit button, not to the page's top.
  const focusEditButton = useRef(false);
  const canEdit = canModify(user, brainstorm);
  const title = brainstorm.title || 'Untitled';

  return (
    <Card>
      {editing ? (
        <CardContent className="grid gap-6 px-4 sm:px-6">
          <h1 className="sr-only">{title}</h1>
          <BrainstormEditForm
            brainstorm={brainstorm}
            onDone={() => {
              focusEditButton.current = true;
              setEditing(false);
            }}
          />
          <Separator />
          <BrainstormFacts brainstorm={brainstorm} />
        </CardContent>
      ) : (
        <>
          <CardHeader className="flex flex-wrap items-start justify-between gap-4 px-4 sm:px-6">
            <div className="min-w-0 flex-1 basis-64 space-y-1">
              <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">
                {title}
              </h1>
              {brainstorm.blind_review ? (
                <Badge
                  variant="secondary"
                  title="Each member sees an idea's votes, reactions and comments only after reviewing it."
                >
                  <EyeOff aria-hidden="true" />
                  Blind review
                </Badge>
              ) : null}
              {brainstorm.description ? (
                <p className="text-sm whitespace-pre-line text-muted-foreground">
                  {brainstorm.description}
                </p>
              ) : null}
              <LiveLine />
            </div>
            <div className="flex flex-wrap gap-2">
              {canEdit ? (
                <Button
                  ref={(node) => {
                    if (node && focusEditButton.current) {
                      focusEditButton.current = false;
                      node.focus();
                    }
                  }}
                  variant="outline"
                  onClick={() => {
                    setEditing(true);
                  }}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              ) : null}
              <Button asChild variant="outline">
                <Link
                  to="/brainstorms/$brainstormId/themes"
                  params={{ brainstormId: brainstorm.id }}
                >
                  <Layers aria-hidden="true" />
                  Make sense
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/insights" search={{ brainstorm: brainstorm.id }}>
                  <ChartColumn aria-hidden="true" />
                  Model insights
                </Link>
              </Button>
              {reviewLink ? (
                <Button asChild>
                  <Link
                    to="/brainstorms/$brainstormId/review"
                    params={{ brainstormId: brainstorm.id }}
                  >
                    <ClipboardCheck aria-hidden="true" />
                    Review Ideas
                  </Link>
                </Button>
              ) : null}
            </div>
          </CardHeader>
          <CardContent className="px-4 sm:px-6">
            <BrainstormFacts brainstorm={brainstorm} />
          </CardContent>
        </>
      )}
    </Card>
  );
}

import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { steeringSummary } from '@/entities/idea/lib/steering-summary';
import { useSteering } from '../api/get-steering';

interface SteeringFieldProps {
  brainstormId: number;
  steer: boolean;
  onSteerChange: (steer: boolean) => void;
}

/** What steers the next batch, and the box that turns it off. */
export function SteeringField({ brainstormId, steer, onSteerChange }: SteeringFieldProps) {
  const id = useId();
  const steering = useSteering(brainstormId).data;
  const summary = steering
    ? steeringSummary(steering.liked.length, steering.rejected.length)
    : null;
  const nothing = summary === null;
  return (
    <div className="grid gap-2 text-sm">
      <p id={`${id}-steering`} className="text-muted-foreground">
        {steering ? (summary ?? 'No reviews steer this batch yet') : null}
      </p>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-steer`}
          type="checkbox"
          className="size-4 accent-primary disabled:opacity-50"
          checked={steer}
          disabled={nothing}
          aria-describedby={`${id}-steering`}
          onChange={(event) => {
            onSteerChange(event.target.checked);
          }}
        />
        <Label htmlFor={`${id}-steer`} className="peer-disabled:opacity-50">
          Steer by the team's reviews
        </Label>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { Label } from '@/components/ui/label';

interface ReviewTogglesProps {
  showHidden: boolean;
  showReviewed: boolean;
  onChange: (toggles: { showHidden?: boolean; showReviewed?: boolean }) => void;
}

function Toggle(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={props.checked}
        onChange={(event) => {
          props.onChange(event.target.checked);
        }}
      />
      <Label htmlFor={id}>{props.label}</Label>
    </div>
  );
}

export function ReviewToggles({ showHidden, showReviewed, onChange }: ReviewTogglesProps) {
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-2">
      <Toggle
        label="Show Hidden"
        checked={showHidden}
        onChange={(checked) => {
          onChange({ showHidden: checked });
        }}
      />
      <Toggle
        label="Show Already Reviewed"
        checked={showReviewed}
        onChange={(checked) => {
          onChange({ showReviewed: checked });
        }}
      />
    </div>
  );
}

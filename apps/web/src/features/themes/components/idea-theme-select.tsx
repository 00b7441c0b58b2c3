import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { ServerIdea } from '@/entities/idea/api/types';
import type { Theme } from '@/entities/theme/api/types';
import type { MoveIdeaInput } from '../api/move-idea';

const UNSORTED = 'none';

interface IdeaThemeSelectProps {
  idea: ServerIdea;
  themes: readonly Theme[];
  onMove: (move: MoveIdeaInput) => void;
  disabled?: boolean;
}

/** An idea's theme, as a select: choosing another theme (or 'Unsorted') moves the idea. */
export function IdeaThemeSelect({ idea, themes, onMove, disabled }: IdeaThemeSelectProps) {
  return (
    <Select
      value={idea.theme === null ? UNSORTED : String(idea.theme)}
      disabled={disabled}
      onValueChange={(value) => {
        onMove({ ideaId: idea.id, theme: value === UNSORTED ? null : Number(value) });
      }}
    >
      <SelectTrigger
        data-idea-select={idea.id}
        size="sm"
        className="w-full sm:w-44"
        aria-label={`Theme of ${idea.title}`}
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {themes.map((theme) => (
          <SelectItem key={theme.id} value={String(theme.id)}>
            {theme.name}
          </SelectItem>
        ))}
        <SelectItem value={UNSORTED}>Unsorted</SelectItem>
      </SelectContent>
    </Select>
  );
}

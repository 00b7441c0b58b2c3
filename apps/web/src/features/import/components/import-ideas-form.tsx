import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { useImportIdeas } from '../api/import-ideas';
import { usePreviewImport } from '../api/preview-import';
import { errorLines, ideasCount, readImportFile, type ImportFile } from '../lib/import-file';
import { ImportPreviewTable } from './import-preview-table';

interface ImportIdeasFormProps {
  brainstormId: number;
  onImported: (count: number) => void;
  onCancel: () => void;
}

/** Why a step failed, as lines: the server's field errors, or the error's own message. */
function problemsOf(error: unknown): string[] {
  if (!error) return [];
  const fields = fieldErrorsOf(error);
  if (fields) return errorLines(fields);
  return [error instanceof Error ? error.message : 'Something went wrong.'];
}

/**
 * Choosing a file, which is read and previewed at once: every row with its errors, which keep
 * the import disabled until a fixed file is chosen. Nothing is stored before 'Import N ideas'.
 */
export function ImportIdeasForm({ brainstormId, onImported, onCancel }: ImportIdeasFormProps) {
  const id = useId();
  const preview = usePreviewImport(brainstormId);
  const save = useImportIdeas(brainstormId);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [readError, setReadError] = useState<unknown>(null);
  const totals = preview.data?.totals;
  const ready = file !== null && totals?.invalid === 0 && totals.valid > 0;
  const problems = [
    ...problemsOf(readError),
    ...problemsOf(preview.error),
    ...problemsOf(save.error),
  ];

  async function choose(chosen: File | undefined) {
    setFile(null);
    setReadError(null);
    preview.reset();
    save.reset();
    if (!chosen) return;
    try {
      const read = await readImportFile(chosen);
      setFile(read);
      preview.mutate(read);
    } catch (error) {
      setReadError(error);
    }
  }

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>File (CSV or JSON)</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
          disabled={save.isPending}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      {preview.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Reading the file...
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div id={`${id}-problems`} role="alert" className="grid gap-1 text-sm text-destructive">
          {problems.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {preview.data && totals ? (
        <>
          <p role="status" className="text-sm">
            {ideasCount(totals.rows)} in the file: {totals.valid} ready
            {totals.invalid > 0 ? `, ${totals.invalid} with errors to fix first` : ''}
            {totals.warned > 0 ? `, ${totals.warned} with a note` : ''}.
          </p>
          <ImportPreviewTable rows={preview.data.rows} />
        </>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={!ready || save.isPending}
          onClick={() => {
            if (!file) return;
            save.mutate(file, {
              onSuccess: (result) => {
                onImported(result.imported);
              },
            });
          }}
        >
          {save.isPending
            ? 'Importing...'
            : totals
              ? `Import ${ideasCount(totals.valid)}`
              : 'Import'}
        </Button>
      </DialogFooter>
    </div>
  );
}

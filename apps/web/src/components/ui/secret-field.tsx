import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface SecretFieldProps {
  id: string;
  label: string;
  value: string;
  /** What the secret is called in the note when copying fails: 'password', 'token'. */
  noun: string;
  onDone: () => void;
  className?: string;
}

/**
 * A secret shown once (a password, a token, a signing secret): read-only, selected on focus,
 * with Copy and Done. When the browser refuses the clipboard the text is selected instead and a
 * note says how to copy it by hand.
 */
export function SecretField({ id, label, value, noun, onDone, className }: SecretFieldProps) {
  const field = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setNote('Copied to the clipboard.');
    } catch {
      field.current?.select();
      setNote(`The browser refused to copy: the ${noun} is selected, copy it with Ctrl+C or ⌘C.`);
    }
  };

  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          ref={field}
          readOnly
          value={value}
          className={cn('font-mono', className)}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <Button onClick={() => void onCopy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {note}
      </p>
    </>
  );
}

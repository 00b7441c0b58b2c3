import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRevokeToken } from '../api/revoke-token';
import type { PersonalToken } from '../api/list-tokens';

interface RevokeTokenDialogProps {
  /** The token to revoke; the dialog is closed while there is none. */
  token: PersonalToken | null;
  onClose: () => void;
}

/** Asks before revoking: whatever uses the token stops at once, and it cannot come back. */
export function RevokeTokenDialog({ token, onClose }: RevokeTokenDialogProps) {
  const revoke = useRevokeToken();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Dialog
      open={token !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke {token?.name}?</DialogTitle>
          <DialogDescription>
            Anything using it stops working at once. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {revoke.error ? (
          <Alert variant="destructive">
            <AlertDescription>The token could not be revoked. Please try again.</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() => {
              if (token) revoke.mutate(token.id, { onSuccess: close });
            }}
          >
            {revoke.isPending ? 'Revoking...' : 'Revoke token'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

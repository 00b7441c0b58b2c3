import { Badge } from '@/components/ui/badge';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { Member, MemberWithPassword } from '../api/types';
import { MemberActions } from './member-actions';

/** A member still signing in with a password staff set, who will be asked for their own. */
export const NO_PASSWORD_CHOSEN = 'Has not chosen a password yet';

interface TeamTableProps {
  members: Member[];
  selfId: number;
  onPasswordReset: (reset: MemberWithPassword) => void;
}

export function TeamTable({ members, selfId, onPasswordReset }: TeamTableProps) {
  const columns: ResponsiveColumn<Member>[] = [
    { header: 'Name', kind: 'title', className: 'font-medium', cell: (member) => member.name },
    { header: 'Email', className: 'break-all whitespace-normal', cell: (member) => member.email },
    {
      header: 'Role',
      cell: (member) => (
        <Badge variant={member.is_staff ? 'default' : 'secondary'}>
          {member.is_staff ? 'Staff' : 'Member'}
        </Badge>
      ),
    },
    {
      header: 'Status',
      cell: (member) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={member.is_active ? 'outline' : 'destructive'}>
            {member.is_active ? 'Active' : 'Inactive'}
          </Badge>
          {member.password_must_change ? (
            <Badge variant="secondary">{NO_PASSWORD_CHOSEN}</Badge>
          ) : null}
        </span>
      ),
    },
    {
      header: 'Actions',
      kind: 'actions',
      cell: (member) => (
        <MemberActions
          member={member}
          isSelf={member.id === selfId}
          onPasswordReset={onPasswordReset}
        />
      ),
    },
  ];
  return (
    <ResponsiveTable
      columns={columns}
      rows={members}
      rowKey={(member) => member.id}
      stackBelow="48rem"
    />
  );
}

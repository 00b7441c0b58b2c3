import { Badge } from '@/components/ui/badge';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { Member, MemberWithPassword } from '../api/types';
import { MemberActions } from './member-actions';

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
        <Badge variant={member.is_active ? 'outline' : 'destructive'}>
          {member.is_active ? 'Active' : 'Inactive'}
        </Badge>
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

import {
  CountedListFooter,
  type CountedListFooterProps,
} from '@/components/ui/counted-list-footer';

export function BrainstormListFooter(props: CountedListFooterProps) {
  return <CountedListFooter noun="brainstorms" {...props} />;
}

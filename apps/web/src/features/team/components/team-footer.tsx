import {
  CountedListFooter,
  type CountedListFooterProps,
} from '@/components/ui/counted-list-footer';

export function TeamFooter(props: CountedListFooterProps) {
  return <CountedListFooter noun="members" {...props} />;
}

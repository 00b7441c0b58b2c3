import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <img
      src="/favicon.svg"
      alt=""
      aria-hidden="true"
      className={cn('size-8 shrink-0 rounded-lg shadow-sm', className)}
    />
  );
}

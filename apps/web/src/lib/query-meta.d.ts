import '@tanstack/react-query';
import type { Severity } from './logger';

declare module '@tanstack/react-query' {
  interface Register {
    /** How a mutation's failure is logged (medium unless it says otherwise). */
    mutationMeta: { severity?: Severity | undefined };
  }
}

export type Severity = 'low' | 'medium' | 'high' | 'critical';

export function logError(message: string, error: unknown, severity: Severity = 'medium') {
  console.error(`[${severity}] ${message}`, error);
}

export function logWarning(message: string, detail?: unknown) {
  console.warn(message, detail);
}

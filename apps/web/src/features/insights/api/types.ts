import type { components } from '@/lib/api/schema';

export type ModelInsights = components['schemas']['ModelInsights'];
export type ModelInsight = components['schemas']['ModelInsight'];
export type ModelPrice = components['schemas']['ModelPrice'];
export type InsightTotals = ModelInsights['totals'];

import type { CATALOGS, CatalogName } from '@amiko/core';

/** An id of one of the core option catalogs, as stored in a column. */
export type CatalogId<N extends CatalogName> = (typeof CATALOGS)[N][number];
export type BigFive = Partial<Record<CatalogId<'bigFiveTraits'>, CatalogId<'bigFiveLevels'>>>;
export type TokenPurpose = 'verifyEmail' | 'resetPassword' | 'changeEmail' | 'dataExport';
export type PaymentStatus = 'created' | 'succeeded' | 'failed';
export type ReportStatus = 'open' | 'reviewed';
/** One message of a report's evidence, as it was when the report was made; times are epoch milliseconds. */
export interface ReportEvidence {
  id: number;
  senderId: string;
  body: string;
  createdAt: number;
}
export type ModerationAction =
  | 'suspend'
  | 'unsuspend'
  | 'delete-member'
  | 'grant-access'
  | 'resolve-report'
  | 'export-member'
  | 'resend-mail'
  | 'end-sessions'
  | 'pod-remove'
  | 'pod-close'
  | 'meetup-cancel';
export type MessageMailFrequency = 'instant' | 'daily' | 'never';

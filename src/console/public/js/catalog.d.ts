// Types of catalog.js for the TypeScript unit tests (the browser never loads this file).
export interface ConsoleOperation {
  api: string;
  label: string;
  path: string;
  pricePaise: number;
  columns: string[];
  optional?: string[];
}
export const OPERATIONS: ConsoleOperation[];
export const ITC_CHECK: {
  api: string;
  bulk: string;
  label: string;
  path: string;
  pricePaise: number;
  maxInvoices: number;
  columns: string[];
  taxColumns: string[];
  optional: string[];
};
export const PORTFOLIO_OPERATIONS: { api: string; label: string; hint: string }[];
export const DEFAULT_TZ: string;
export const NAMED_SCHEDULES: Record<'daily' | 'weekly' | 'monthly', string>;
export function namedScheduleText(every: string): string | null;
export const B360_MODULES: [string, string][];
export interface FormField {
  name: string;
  label: string;
  placeholder?: string;
  mono?: boolean;
  type?: string;
  min?: number;
  max?: number;
  value?: string;
  optional?: boolean;
  hint?: string;
}
export type FormValues = Record<string, string | string[] | undefined>;
export const FORMS: Record<string, { fields: FormField[]; modules?: boolean; body: (values: FormValues) => Record<string, unknown> }>;
export interface SandboxExample {
  label: string;
  scenario: string;
  values: Record<string, string>;
}
export const EXAMPLES: Record<string, SandboxExample[]>;

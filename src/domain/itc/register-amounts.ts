/**
 * Tax amounts as purchase registers write them, to paise: "1,18,000.50", "₹ 1234.5", "1234",
 * "Rs. 12". Rupees with at most two decimals, 0 or more: a negative amount is a credit note,
 * which the ITC check does not take (it checks invoices).
 */
export type RegisterAmount = { ok: true; paise: number } | { ok: false; message: string };

export function parseRegisterAmount(text: string): RegisterAmount {
  const value = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/,/g, '');
  if (/^-/.test(value) || /^\(.*\)$/.test(value)) return { ok: false, message: `${JSON.stringify(text.trim())} is negative: a credit note is not an invoice, leave it out of the register` };
  const match = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(value);
  if (match === null) {
    const more = /^\d+\.\d{3,}$/.test(value) ? ' (at most two decimals)' : '';
    return { ok: false, message: `${JSON.stringify(text.trim().slice(0, 40))} is not an amount in rupees${more}` };
  }
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return { ok: true, paise };
}

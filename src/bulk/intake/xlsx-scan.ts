/**
 * A small XML scanner for the two big parts of a workbook (a sheet, the shared strings):
 * tags and text found with indexOf, only the attributes asked for parsed, no DTD or entity of
 * the file's own. A general parser (saxes) walks every character through its state machine,
 * which made a sheet's markup cost more than the rows it holds; this one is several times
 * faster and keeps the same bounds: at most `maxPending` characters are held unparsed (one tag
 * or one text run), so padding or a tag that never ends is refused, not buffered.
 */
import { StringDecoder } from 'node:string_decoder';
import { IntakeError } from './intake-error.js';

export interface ScanHandlers {
  /** `attributes` is the tag's text after its name (parse it with `attribute`); `selfClosing` for `<x/>`. */
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Decoded text between tags (CDATA included). */
  text(text: string): void;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's five entities and character references; anything else is kept as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
    if (name.startsWith('#x')) return safeCodePoint(parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), whole);
    return ENTITIES[name] ?? whole;
  });
}

function safeCodePoint(code: number, whole: string): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}

/** Excel's escape of characters XML cannot hold (`_x000D_` for a carriage return). */
export function decodeExcelEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** One attribute's value from a tag's attribute text (`r="B7" t="s"`), entities decoded. */
export function attribute(attributes: string, name: string): string | undefined {
  let at = 0;
  for (;;) {
    const found = attributes.indexOf(name, at);
    if (found === -1) return undefined;
    const before = found === 0 ? ' ' : attributes[found - 1];
    at = found + name.length;
    if (before !== ' ' && before !== '\t' && before !== '\n' && before !== '\r' && before !== ':') continue;
    let i = at;
    while (attributes[i] === ' ') i++;
    if (attributes[i] !== '=') continue;
    i++;
    while (attributes[i] === ' ') i++;
    const quote = attributes[i];
    if (quote !== '"' && quote !== "'") continue;
    const end = attributes.indexOf(quote, i + 1);
    if (end === -1) return undefined;
    return decodeEntities(attributes.slice(i + 1, end));
  }
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/** The end of the tag opened at `lt` (its `>`), skipping quoted attribute values; -1 if not in `text` yet. */
function tagEnd(text: string, lt: number): number {
  let quote = '';
  for (let i = lt + 1; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

export interface Scanner {
  /** Characters scanned so far (for bounds between marks). */
  readonly position: number;
}

/**
 * Scans the chunks, calling the handlers; yields after each chunk so the caller can hand on
 * what the handlers collected. `check` runs after each chunk with the scanner's position.
 */
export async function* scanXml(chunks: AsyncIterable<Buffer>, handlers: ScanHandlers, maxPending: number, check: (position: number) => void = () => {}): AsyncGenerator<void> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let consumed = 0;
  const malformed = (what: string) => new IntakeError('VALIDATION_FAILED', `the workbook's XML is malformed (${what}): open it in Excel, save it again as .xlsx, and upload that`);
  const scan = (text: string, final: boolean): string => {
    let at = 0;
    for (;;) {
      const lt = text.indexOf('<', at);
      if (lt === -1) {
        // Text to the end: hand it on now unless an entity may be cut in two.
        const amp = text.lastIndexOf('&');
        const keep = !final && amp !== -1 && amp > text.length - 12 && text.indexOf(';', amp) === -1 ? amp : text.length;
        if (keep > at) handlers.text(decodeEntities(text.slice(at, keep)));
        consumed += keep;
        return text.slice(keep);
      }
      if (lt > at) handlers.text(decodeEntities(text.slice(at, lt)));
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end === -1) return hold(text, lt);
        at = end + 3;
        continue;
      }
      if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end === -1) return hold(text, lt);
        handlers.text(text.slice(lt + 9, end));
        at = end + 3;
        continue;
      }
      if (text.startsWith('<!DOCTYPE', lt) || text.startsWith('<!ENTITY', lt)) throw malformed('a document type declaration, which no Excel part has');
      const gt = tagEnd(text, lt);
      if (gt === -1) return hold(text, lt);
      at = gt + 1;
      if (text[lt + 1] === '?') continue;
      if (text[lt + 1] === '/') {
        handlers.close(localName(text.slice(lt + 2, gt).trim()));
        continue;
      }
      const selfClosing = text[gt - 1] === '/';
      const inner = text.slice(lt + 1, selfClosing ? gt - 1 : gt);
      let nameEnd = 0;
      while (nameEnd < inner.length && inner[nameEnd] !== ' ' && inner[nameEnd] !== '\t' && inner[nameEnd] !== '\n' && inner[nameEnd] !== '\r') nameEnd++;
      const name = localName(inner.slice(0, nameEnd));
      const attributes = inner.slice(nameEnd);
      handlers.open(name, attributes, selfClosing);
      if (selfClosing) handlers.close(name);
    }
    function hold(rest: string, from: number): string {
      consumed += from;
      const held = rest.slice(from);
      if (held.length > maxPending) throw new IntakeError('PAYLOAD_TOO_LARGE', `the workbook holds a tag or text run of more than ${maxPending} characters, more than any cell within the limits needs (a crafted file?): save it again from Excel`);
      return held;
    }
  };
  for await (const chunk of chunks) {
    pending = scan(pending + decoder.write(chunk), false);
    check(consumed);
    yield;
  }
  pending = scan(pending + decoder.end(), true);
  if (pending.trim() !== '') throw malformed('it ends inside a tag');
}

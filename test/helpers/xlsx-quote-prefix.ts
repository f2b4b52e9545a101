/**
 * Which cells of a workbook's first sheet have Excel's quote-prefix style (an xf with
 * `quotePrefix="1"`): exceljs reads cell values and most styles but drops this attribute, so
 * the test reads styles.xml and the sheet's XML from the zip itself.
 */
import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

async function zipParts(file: string | Buffer, names: readonly string[]): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const done = (error: Error | null, opened: yauzl.ZipFile) => (error ? reject(error) : resolve(opened));
    if (typeof file === 'string') yauzl.open(file, { lazyEntries: true }, done);
    else yauzl.fromBuffer(file, { lazyEntries: true }, done);
  });
  const parts = new Map<string, string>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!names.includes(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (error, stream: Readable) => {
          if (error) return reject(error);
          text(stream).then((content) => {
            parts.set(entry.fileName, content);
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return parts;
}

/** The references (`B2`, ...) of the first sheet's cells whose style has quotePrefix="1": a workbook's path or bytes. */
export async function quotePrefixedCells(file: string | Buffer): Promise<Set<string>> {
  const parts = await zipParts(file, ['xl/styles.xml', 'xl/worksheets/sheet1.xml']);
  const cellXfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(parts.get('xl/styles.xml') ?? '')?.[1] ?? '';
  const quoted = new Set([...cellXfs.matchAll(/<xf\b[^>]*>/g)].flatMap((xf, index) => (/quotePrefix="(1|true)"/.test(xf[0]) ? [String(index)] : [])));
  const cells = [...(parts.get('xl/worksheets/sheet1.xml') ?? '').matchAll(/<c r="([A-Z]+\d+)"[^>]*?\bs="(\d+)"/g)];
  return new Set(cells.filter((cell) => quoted.has(cell[2] as string)).map((cell) => cell[1] as string));
}

// A heading low on a page moves to the next one with what follows it. pdfmake's own way — the document's
// pageBreakBefore callback — learns of such a heading only after laying out the whole document, and then lays the
// whole document out again for each heading it moves: four layouts of a 66-page report, the three after the first
// about 40 % of its PDF's time. Here the same rule is applied while the document is laid out, as a marked
// heading's first line is placed (the position the callback is later shown), so one layout suffices. The callback
// stays as the check of what this does not see — a heading inside an unbreakable block, a table or columns, where
// pdfmake's way applies — and should a pdfmake update change the methods patched here, the report comes out the
// same, only slower (tests/server/reportLowHeadings.test.ts: the same file with and without the marks).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A heading whose first line would start below this share of the page's height starts the next page. */
export const LOW_HEADING = 0.78;

interface Position {
  verticalRatio?: number;
}

/** The document's pageBreakBefore: a heading that still starts low after the layout (one this module did not move). */
export const lowHeadingBreak = (node: { headlineLevel?: number; startPosition?: Position }) =>
  !!node.headlineLevel && (node.startPosition?.verticalRatio ?? 0) > LOW_HEADING;

/** Marks a heading node (one with headlineLevel) to be moved while the document is laid out. */
export const movedWhenLow = <T extends { headlineLevel: number }>(node: T): T & { moveBelow: number } => ({
  ...node,
  moveBelow: LOW_HEADING,
});

// pdfmake's internals, as far as they are used here (pdfmake 0.3: js/LayoutBuilder.js, PageElementWriter,
// DocumentContext)
interface Context {
  snapshots: unknown[];
  getCurrentPosition(): Position;
  moveDown(offset: number): void;
}
interface Writer {
  transactionLevel: number;
  context(): Context;
  addLine(line: unknown, ...rest: unknown[]): unknown;
  moveToNextPage(orientation?: string): void;
}
interface LeafNode {
  moveBelow?: number;
  pageOrientation?: string;
  _margin?: number[] | null;
}
interface Builder {
  writer: Writer;
}

let installed = false;
/** The marked heading whose first line is being placed (a thread lays out one document at a time). */
let placing: LeafNode | null = null;

/**
 * Teaches pdfmake's layout the marked headings (once per thread). At the heading's first line, after pdfmake has
 * moved it to the next page if it does not fit: below the mark, it moves to the next page and down by its top
 * margin — what pdfmake does for a node with pageBreak 'before' — and the line is placed there. (The methods are
 * replaced on the prototypes, once: changing the writer object itself would slow every later access to it.)
 */
export function installLowHeadings(): void {
  if (installed) return;
  installed = true;
  type Proto<T> = { default: { prototype: T } };
  const builder = (require('pdfmake/js/LayoutBuilder.js') as Proto<{ processLeaf?: (node: LeafNode) => void }>).default
    .prototype;
  const writer = (require('pdfmake/js/PageElementWriter.js') as Proto<Partial<Writer>>).default.prototype;
  const [processLeaf, addLine] = [builder.processLeaf, writer.addLine];
  if (typeof processLeaf !== 'function' || typeof addLine !== 'function') return; // (another pdfmake: the callback alone keeps the rule)
  builder.processLeaf = function (this: Builder, node: LeafNode) {
    const w = this.writer;
    // (inside an unbreakable block, a table or columns the position is another context's: left to the callback)
    placing = node.moveBelow !== undefined && w.transactionLevel === 0 && !w.context().snapshots.length ? node : null;
    try {
      processLeaf.call(this, node);
    } finally {
      placing = null;
    }
  };
  writer.addLine = function (this: Writer, line: unknown, ...rest: unknown[]) {
    const node = placing;
    placing = null;
    if (node && (this.context().getCurrentPosition().verticalRatio ?? 0) > node.moveBelow!) {
      this.moveToNextPage(node.pageOrientation);
      this.context().moveDown(node._margin?.[1] ?? 0);
    }
    return addLine.call(this, line, ...rest);
  };
}

// jsdom answers `label.control` by walking the whole document for the `for` id, and `input.labels` by asking every
// node of the document for its control: one labels lookup walks the DOM once per <label>. Testing Library's
// *ByRole({ name }) asks it of every candidate, so on a whole MUI page a single query walked the tree thousands of
// times — a third of a form test's time. These getters give the same answer (the same elements, in tree order)
// from the document's id index; anything outside the plain case (a detached tree, a custom element) is left to jsdom.

const LABELABLE = new Set(['button', 'meter', 'output', 'progress', 'select', 'textarea']);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** HTML's "labelable element" without form-associated custom elements (undefined: ask jsdom). */
function labelable(el: Element): boolean | undefined {
  if (el.namespaceURI !== HTML_NS) return false;
  if (el.localName.includes('-')) return undefined;
  if (el.localName === 'input') return (el as HTMLInputElement).type !== 'hidden';
  return LABELABLE.has(el.localName);
}

/** The first labelable descendant of a label without `for`, in tree order (undefined: ask jsdom). */
function firstLabelable(parent: Element): Element | null | undefined {
  for (const child of parent.children) {
    const own = labelable(child);
    if (own !== false) return own === undefined ? undefined : child;
    const inner = firstLabelable(child);
    if (inner !== null) return inner;
  }
  return null;
}

/** jsdom's own getters, kept so that a test can compare the answers. */
const jsdom = {
  control: undefined as (() => Element | null) | undefined,
  labels: new Map<object, () => NodeListOf<HTMLLabelElement> | null>(),
};
export const jsdomControl = (label: HTMLLabelElement) => jsdom.control!.call(label);
export const jsdomLabels = (el: HTMLElement) => {
  for (const [proto, get] of jsdom.labels) if (Object.prototype.isPrototypeOf.call(proto, el)) return get.call(el);
  return undefined;
};

export function installFastLabels(win: Window & typeof globalThis) {
  const controlGetter = Object.getOwnPropertyDescriptor(win.HTMLLabelElement.prototype, 'control')!.get!;
  jsdom.control = controlGetter;
  const labelsByDocument = new WeakMap<Document, HTMLCollectionOf<HTMLLabelElement>>();

  /** The label's control; undefined when only jsdom's own walk can tell. */
  const control = (label: HTMLLabelElement): Element | null | undefined => {
    const target = label.getAttribute('for');
    if (target === null) return firstLabelable(label);
    if (target === '') return null;
    const root = label.getRootNode();
    if (!(root instanceof win.Document)) return undefined;
    const el = root.getElementById(target); // the first element of the document with that id, as jsdom's walk finds
    if (!el) return null;
    const own = labelable(el);
    return own === undefined ? undefined : own ? el : null;
  };

  Object.defineProperty(win.HTMLLabelElement.prototype, 'control', {
    configurable: true,
    get(this: HTMLLabelElement) {
      const found = control(this);
      return found === undefined ? controlGetter.call(this) : found;
    },
  });

  for (const type of [
    win.HTMLInputElement,
    win.HTMLButtonElement,
    win.HTMLSelectElement,
    win.HTMLTextAreaElement,
    win.HTMLOutputElement,
    win.HTMLMeterElement,
    win.HTMLProgressElement,
  ]) {
    const labelsGetter = Object.getOwnPropertyDescriptor(type.prototype, 'labels')!.get!;
    jsdom.labels.set(type.prototype, labelsGetter);
    Object.defineProperty(type.prototype, 'labels', {
      configurable: true,
      get(this: HTMLElement) {
        const root = this.getRootNode();
        if (!labelable(this) || !(root instanceof win.Document)) return labelsGetter.call(this);
        let all = labelsByDocument.get(root);
        if (!all) labelsByDocument.set(root, (all = root.getElementsByTagName('label'))); // live, in tree order
        const labels: HTMLLabelElement[] = [];
        for (const label of all) {
          const found = control(label);
          if (found === undefined) return labelsGetter.call(this);
          if (found === this) labels.push(label);
        }
        return labels;
      },
    });
  }
}

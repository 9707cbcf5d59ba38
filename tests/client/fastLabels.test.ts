// The faster label lookups of the client test setup (fastLabels.ts) give jsdom's own answers: both compared here
// over the cases HTML's label rules distinguish, and as the page changes.
import { describe, expect, it } from 'vitest';
import { jsdomControl, jsdomLabels } from './fastLabels';

const page = `
  <label id="l1" for="a">A</label><input id="a">
  <label id="l2">B <span><input id="b"></span><input id="b2"></label>
  <label id="l3" for="missing">C</label>
  <label id="l4" for="h">D</label><input id="h" type="hidden">
  <label id="l5" for="dup">E</label><div id="dup"></div><input id="dup">
  <label id="l6" for="a">A again</label>
  <label id="l7" for="">F <input id="e"></label>
  <label id="l8" for="s">G <input id="inner"></label><select id="s"></select>
  <label id="l9"><b>H</b><textarea id="t"></textarea><button id="bt"></button></label>
  <label id="l10" for="m">I</label><meter id="m"></meter><output id="o"></output><progress id="p"></progress>
  <label id="l11"><input id="hidden2" type="hidden"><input id="c" type="checkbox"></label>`;

const ids = (els: Iterable<Element> | null | undefined) => (els ? Array.from(els, (e) => e.id) : null);
const labelables = (root: ParentNode) =>
  Array.from(root.querySelectorAll<HTMLElement>('input, select, textarea, button, meter, output, progress'));

/** Each label's control and each labelable's labels as ids, by the setup's getters and by jsdom's. */
function both(root: ParentNode) {
  const labels = Array.from(root.querySelectorAll('label'));
  return {
    fast: {
      controls: labels.map((l) => l.control?.id ?? null),
      labels: labelables(root).map((e) => ids((e as HTMLInputElement).labels)),
    },
    jsdom: {
      controls: labels.map((l) => jsdomControl(l)?.id ?? null),
      labels: labelables(root).map((e) => ids(jsdomLabels(e))),
    },
  };
}

describe('fast label lookups', () => {
  it('answer as jsdom does: for= by the first element with the id, nesting by the first labelable, hidden inputs none', () => {
    document.body.innerHTML = page;
    const { fast, jsdom } = both(document);
    expect(fast).toEqual(jsdom);
    // the answers themselves, so that a change of jsdom in these rules is seen here too
    const labelsOf = (id: string) => fast.labels[labelables(document).findIndex((e) => e.id === id)];
    expect(labelsOf('a')).toEqual(['l1', 'l6']);
    expect(labelsOf('b')).toEqual(['l2']);
    expect(labelsOf('b2')).toEqual([]);
    expect(labelsOf('h')).toBeNull();
    expect(labelsOf('dup')).toEqual([]);
    expect(labelsOf('s')).toEqual(['l8']);
    expect(labelsOf('c')).toEqual(['l11']);
    expect(labelsOf('e')).toEqual([]);
  });

  it('follow changes of the page and leave a detached tree to jsdom', () => {
    document.body.innerHTML = page;
    const input = document.getElementById('b2') as HTMLInputElement;
    expect(ids(input.labels)).toEqual([]);
    const label = document.createElement('label');
    label.id = 'new';
    label.htmlFor = 'b2';
    document.body.prepend(label);
    expect(ids(input.labels)).toEqual(['new']);
    document.getElementById('l2')!.setAttribute('for', 'b2');
    expect(ids(input.labels)).toEqual(['new', 'l2']);
    expect(both(document).fast).toEqual(both(document).jsdom);

    const detached = document.createElement('div');
    detached.innerHTML = '<label id="x" for="y">X</label><input id="y">';
    const y = detached.querySelector('input')!;
    expect(ids(y.labels)).toEqual(['x']);
    expect(detached.querySelector('label')!.control).toBe(y);
  });
});

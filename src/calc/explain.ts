// A row formula in words and in numbers, for the trace a reviewer reads: identifiers become their
// Chinese titles (or the values the row was calculated with), conditionals show only the branch the row took,
// num(x) is x and a factor 1 disappears — '用量 × 密度(t/单位) × 运输距离(km) × 运输因子' and
// '120 × 2.4 × 40 × 0.078'.
import type { Expression } from 'jsep';
import { compileFormula, evaluateExpression, UNITS_LOG, type Scope } from './formula';
import { shortNumber } from './format';

const PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 6,
  '!=': 6,
  '===': 6,
  '!==': 6,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
  '**': 11,
};
const SYMBOL: Record<string, string> = {
  '*': '×',
  '/': '÷',
  '**': '^',
  '==': '=',
  '===': '=',
  '!=': '≠',
  '!==': '≠',
  '&&': '且',
  '||': '或',
};

export interface ExplainNames {
  /** Titles of the row fields and context names. */
  titles: Record<string, string>;
  /** Titles of the stages a formula may read (stage.<code>). */
  stages?: Record<string, string>;
}

type Leaf = (name: string) => string;

/** How identifiers and stage totals are shown: by their titles (words) or their values (numbers). */
interface Leaves {
  leaf: Leaf;
  stageLeaf: Leaf;
  /** a computed value, in numbers; undefined in words */
  value?: (v: number) => string;
}

function render(
  node: Expression,
  scope: Scope,
  stageTotals: Record<string, number>,
  leaves: Leaves,
): { text: string; prec: number } {
  const { leaf, stageLeaf } = leaves;
  const atom = (text: string) => ({ text, prec: 100 });
  const sub = (n: Expression) => render(n, scope, stageTotals, leaves);
  switch (node.type) {
    case 'Literal':
      return atom(typeof node.value === 'number' ? String(node.value) : `“${String(node.value)}”`);
    case 'Identifier':
      return atom(leaf(node.name as string));
    case 'MemberExpression':
      return atom(stageLeaf((node.property as Expression).name as string));
    case 'UnaryExpression': {
      const arg = sub(node.argument as Expression);
      const inner = arg.prec < 100 ? `(${arg.text})` : arg.text;
      return { text: node.operator === '-' ? `−${inner}` : node.operator === '!' ? `非${inner}` : inner, prec: 12 };
    }
    case 'ConditionalExpression': {
      const test = evaluateExpression(node.test as Expression, scope, stageTotals);
      return sub((test ? node.consequent : node.alternate) as Expression);
    }
    case 'CallExpression': {
      const name = (node.callee as Expression).name as string;
      const args = (node.arguments as Expression[]).map(sub);
      if (name === 'num') return args[0];
      if (name === 'massPerUnit') return atom(leaf('@massPerUnit'));
      if (name === 'toFactorUnit' || name === 'toFactorUnitStrict')
        return converted(node, args[0], scope, stageTotals, leaves.value);
      // a machine row: shifts × energy per shift (the per-shift unit is in the steps and beside the input)
      if (name === 'toFactorUnitPerShift')
        return converted(
          node,
          { text: `${args[0].text} × ${args[1].text}`, prec: PRECEDENCE['*'] },
          scope,
          stageTotals,
          leaves.value,
        );
      return atom(`${name}(${args.map((a) => a.text).join(', ')})`);
    }
    case 'BinaryExpression': {
      const op = node.operator as string;
      const prec = PRECEDENCE[op] ?? 5;
      const l = sub(node.left as Expression);
      const r = sub(node.right as Expression);
      if ((op === '+' || op === '-') && r.text === '0') return l; // an absent optional term (no refrigerant)
      if (op === '*' && l.text === '1') return r;
      if (op === '*' && r.text === '1') return l;
      if (op === '*' && l.text === '-1') return { text: `−${r.prec <= prec ? `(${r.text})` : r.text}`, prec: 12 };
      const left = l.prec < prec ? `(${l.text})` : l.text;
      const right = r.prec <= prec && r.prec !== 100 ? `(${r.text})` : r.text;
      return { text: `${left} ${SYMBOL[op] ?? op} ${right}`, prec };
    }
    default:
      return atom('?');
  }
}

/**
 * An amount converted to the factor's unit: as it is when the conversion changed nothing, else the converted
 * amount — in words '用量（换算为 t）', in numbers the converted value (the steps are listed beside: '330,000 kg = 330 t').
 */
function converted(
  node: Expression,
  amount: { text: string; prec: number },
  scope: Scope,
  stageTotals: Record<string, number>,
  value?: (v: number) => string,
): { text: string; prec: number } {
  const quiet = { ...scope, [UNITS_LOG]: undefined }; // the calculation logged its steps already
  const args = (node.arguments as Expression[]).map((a) => Number(evaluateExpression(a, quiet, stageTotals)));
  const before = (node.callee as Expression).name === 'toFactorUnitPerShift' ? args[0] * args[1] : args[0];
  const after = Number(evaluateExpression(node, quiet, stageTotals));
  if (!Number.isFinite(after) || Math.abs(after - before) <= 1e-12 * Math.max(1, Math.abs(before))) return amount;
  if (value) return { text: value(after), prec: 100 };
  const unit = String(scope.factorUnit ?? '')
    .split('/')
    .slice(1)
    .join('/');
  return { text: `${amount.prec < 100 ? `(${amount.text})` : amount.text}（换算为${unit}）`, prec: 100 };
}

/** The formula in words, for the row's values (the branch it took). */
export function formulaWords(
  text: string,
  scope: Scope,
  names: ExplainNames,
  stageTotals: Record<string, number> = {},
): string {
  const titles: Record<string, string> = { '@massPerUnit': '单位质量(t/单位)', ...names.titles };
  return render(compileFormula(text).tree, scope, stageTotals, {
    leaf: (n) => titles[n] ?? n,
    stageLeaf: (c) => `${names.stages?.[c] ?? c}碳排放(kgCO2e)`,
  }).text;
}

/** The same formula with the numbers the row was calculated with. */
export function formulaNumbers(
  text: string,
  scope: Scope,
  stageTotals: Record<string, number> = {},
  massPerUnitValue?: number,
): string {
  const value = (v: unknown) =>
    typeof v === 'number' ? shortNumber(v) : v === undefined || v === null || v === '' ? '?' : String(v);
  const leaf = (n: string) => (n === '@massPerUnit' ? value(massPerUnitValue) : value(scope[n]));
  return render(compileFormula(text).tree, scope, stageTotals, {
    leaf,
    stageLeaf: (c) => value(stageTotals[c] ?? 0),
    value,
  }).text;
}

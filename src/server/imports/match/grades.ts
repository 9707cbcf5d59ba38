// Strength and steel grades in a material name (C30, Q355, HRB400, MU10, M7.5; EN 206 C30/37, S355, a yield
// strength in MPa) read into the Chinese designations, with their families. Kept apart from the name forms
// (./names.ts) because grades are matched on their own (family and strength) and names by their words: names.ts
// needs only the grade tokens' pattern, to keep them out of a name's core.

export type GradeFamily = 'concrete' | 'steel' | 'rebar' | 'unit' | 'mortar';

export interface Grades {
  /** normalised, e.g. C30, Q355, HRB400, MU10, M7.5 */
  grades: string[];
  /** how a foreign or old grade was read, in Chinese */
  notes: string[];
}

const STEEL_EN: Record<string, string> = { S235: 'Q235', S275: 'Q275', S355: 'Q355', S420: 'Q420', S460: 'Q460' };

/** Strength and steel grades in a name, normalised to the Chinese designations. */
export function readGrades(s: string): Grades {
  const t = s.normalize('NFKC').toUpperCase();
  const grades: string[] = [];
  const notes: string[] = [];
  const add = (g: string) => grades.includes(g) || grades.push(g);
  // EN 206 C30/37: cylinder/cube strength; Chinese grades are the cube strength (GB 50010), so the cube value,
  // rounded down to the 5 MPa steps of the Chinese grades, is the comparable grade.
  for (const m of t.matchAll(/(?<![A-Z])C(\d{2,3})\/(\d{2,3})(?!\d)/g)) {
    const g = `C${Math.floor(Number(m[2]) / 5) * 5}`;
    add(g);
    notes.push(`欧标 C${m[1]}/${m[2]} 按立方体强度 ${m[2]} MPa 计为 ${g}`);
  }
  for (const m of t.matchAll(/(?<![A-Z])C(\d{2,3})(?![\d/])/g)) {
    const n = Number(m[1]);
    if (n >= 10 && n <= 120 && n % 5 === 0) add(`C${n}`);
  }
  for (const m of t.matchAll(/(?<![A-Z])Q(\d{3})(?![\d])/g)) {
    // GB/T 1591-2018 replaced Q345 by Q355
    if (m[1] === '345') notes.push('Q345 按 GB/T 1591-2018 计为 Q355');
    add(m[1] === '345' ? 'Q355' : `Q${m[1]}`);
  }
  // Revit's 'Metal - Steel - 345 MPa': the yield strength names the grade
  for (const m of t.matchAll(/(?<![\d.])(235|275|345|355|390|420|460)\s*MPA(?![A-Z])/g)) {
    notes.push(
      m[1] === '345' ? '屈服强度 345 MPa 即 Q345，按 GB/T 1591-2018 计为 Q355' : `屈服强度 ${m[1]} MPa 计为 Q${m[1]}`,
    );
    add(m[1] === '345' ? 'Q355' : `Q${m[1]}`);
  }
  for (const m of t.matchAll(/(?<![A-Z])(S\d{3})(?!\d)/g)) {
    const q = STEEL_EN[m[1]];
    if (!q) continue;
    add(q);
    notes.push(`欧标 ${m[1]} 对应 ${q}`);
  }
  // seismic rebar (HRB400E) has the strength of HRB400
  for (const m of t.matchAll(/(?<![A-Z])(HPB|HRBF|HRB|RRB|CRB)(\d{3})E?(?!\d)/g)) add(`${m[1]}${m[2]}`);
  for (const m of t.matchAll(/(?<![A-Z])MU(\d+(?:\.\d)?)(?![\d.])/g)) add(`MU${m[1]}`);
  for (const m of t.matchAll(/(?<![A-Z\d])M(\d+(?:\.\d)?)(?![\d.])/g)) {
    const n = Number(m[1]);
    // (only the grades mortars are made in: a bolt's M8 or M12 is no mortar)
    if ([2.5, 5, 7.5, 10, 15, 20, 25, 30].includes(n)) add(`M${m[1]}`);
  }
  return { grades, notes };
}

export const gradeOf = (s: string): string[] => readGrades(s).grades;

export function gradeFamily(g: string): GradeFamily {
  if (g.startsWith('MU')) return 'unit';
  if (g.startsWith('M')) return 'mortar';
  if (g.startsWith('Q')) return 'steel';
  if (g.startsWith('C')) return 'concrete';
  return 'rebar';
}

export const gradeValue = (g: string): number => Number(g.replace(/^[A-Z]+/, ''));

/** What a name is when it is only a grade ('C30' → 混凝土). */
export const GRADE_NOUN: Record<GradeFamily, string> = {
  concrete: '混凝土',
  steel: '钢',
  rebar: '钢筋',
  unit: '砖',
  mortar: '砂浆',
};

// grade tokens as normaliseName leaves them (lower case)
const GRADE_SRC = String.raw`(?:c\d{2,3}|q\d{3}[a-e]?|s\d{3}[a-z0-9]*|(?:hpb|hrbf|hrb|rrb|crb)\d{3}e?|mu\d+(?:\.\d)?|m\d+(?:\.\d)?)`;
export const GRADE_ONLY = new RegExp(`^${GRADE_SRC}$`);
export const GRADE_TOKEN = new RegExp(`(?<![a-z])${GRADE_SRC}(?![a-z0-9])`, 'g');

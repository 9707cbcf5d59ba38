// Numeric text inputs: everything but digits and one decimal point is stripped as the user types (integers:
// digits only), and the text is cut to the field's length limit.
export function numericText(input: string, opts: { integer?: boolean; maxLength?: number } = {}): string {
  let out = '';
  let dot = false;
  for (const ch of input) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !opts.integer && !dot) {
      dot = true;
      out += ch;
    }
  }
  return opts.maxLength ? out.slice(0, opts.maxLength) : out;
}

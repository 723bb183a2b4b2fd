/**
 * A number below 1 000 with at most three decimals, written as `toLocaleString('fr-FR')` writes it (a decimal comma,
 * no group separator below 1 000), without Intl: its French number data took ~30 ms of a phone's first screen (4×
 * slower CPU) for the dashboard's one percentage. Larger numbers, or more decimals, ask Intl.
 */
export function smallDecimal(n: number): string {
  const text = String(n);
  if (Math.abs(n) < 1000 && !Object.is(n, -0) && /^-?\d+(\.\d{1,3})?$/.test(text)) return text.replace('.', ',');
  return n.toLocaleString('fr-FR');
}

/**
 * Digit masks ('_' is a digit slot, anything else is a literal), e.g. '___.___.___-__'.
 * Pure functions so the caret logic is unit-tested; MaskedInput applies them on every input.
 */
export function applyMask(mask: string, digits: string): string {
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '_') out += digits[i++];
    else out += ch;
  }
  return out;
}

export function maskSlots(mask: string): number {
  return [...mask].filter((c) => c === '_').length;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Caret index just after the n-th digit of a formatted value (0 → start). */
export function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? '')) seen++;
    if (seen === n) return i + 1;
  }
  return formatted.length;
}

export interface MaskInputState {
  value: string;
  caret: number;
}

/**
 * The next state of a masked field after the browser applied an edit. `previous` is the value
 * before the edit, `raw`/`caret` what the browser produced. Deleting a literal ('.', '-', ')')
 * deletes the digit next to it, as a member expects.
 */
export function nextMaskState(
  mask: string,
  previous: string,
  raw: string,
  caret: number,
  inputType: string | undefined,
): MaskInputState {
  let digits = digitsOf(raw);
  let before = digitsOf(raw.slice(0, caret)).length;
  if (digits === digitsOf(previous) && raw.length < previous.length) {
    if (inputType === 'deleteContentBackward' && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    } else if (inputType === 'deleteContentForward') {
      digits = digits.slice(0, before) + digits.slice(before + 1);
    }
  }
  digits = digits.slice(0, maskSlots(mask));
  before = Math.min(before, digits.length);
  const value = applyMask(mask, digits);
  return { value, caret: caretAfterDigits(value, before) };
}

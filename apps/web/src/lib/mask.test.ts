import { describe, expect, it } from 'vitest';
import { applyMask, caretAfterDigits, nextMaskState } from './mask';

const CPF = '___.___.___-__';
const CEL = '(__) _____-____';

describe('digit masks', () => {
  it('formats as typed', () => {
    expect(applyMask(CPF, '')).toBe('');
    expect(applyMask(CPF, '935')).toBe('935');
    expect(applyMask(CPF, '9354')).toBe('935.4');
    expect(applyMask(CPF, '93541134780')).toBe('935.411.347-80');
    expect(applyMask(CEL, '1')).toBe('(1');
    expect(applyMask(CEL, '119')).toBe('(11) 9');
    expect(applyMask(CEL, '11912345678')).toBe('(11) 91234-5678');
  });

  it('typing every digit, however fast, keeps them all', () => {
    let state = { value: '', caret: 0 };
    for (const d of '93541134780') {
      const raw = state.value.slice(0, state.caret) + d + state.value.slice(state.caret);
      state = nextMaskState(CPF, state.value, raw, state.caret + 1, 'insertText');
    }
    expect(state).toEqual({ value: '935.411.347-80', caret: 14 });
  });

  it('a paste of a formatted or unformatted value', () => {
    expect(nextMaskState(CPF, '', '935.411.347-80', 14, 'insertFromPaste').value).toBe('935.411.347-80');
    expect(nextMaskState(CEL, '', '21998765432', 11, 'insertFromPaste').value).toBe('(21) 99876-5432');
  });

  it('ignores letters and extra digits', () => {
    expect(nextMaskState(CPF, '935', '935a', 4, 'insertText')).toEqual({ value: '935', caret: 3 });
    expect(nextMaskState(CPF, '935.411.347-80', '935.411.347-801', 15, 'insertText').value).toBe('935.411.347-80');
  });

  it('backspace over a literal deletes the digit before it', () => {
    // '935.4|' → Backspace deletes '4'; '935.|4' → Backspace deletes '.', which removes '5'.
    expect(nextMaskState(CPF, '935.4', '935.', 4, 'deleteContentBackward')).toEqual({ value: '935', caret: 3 });
    expect(nextMaskState(CPF, '935.4', '9354', 3, 'deleteContentBackward')).toEqual({ value: '934', caret: 2 });
  });

  it('editing in the middle keeps the caret after the same digit', () => {
    // '935.4|11' insert '9' → '935.49.11'? no: digits 9354911 → '935.491.1', caret after 5th digit.
    const s = nextMaskState(CPF, '935.411', '935.4911', 6, 'insertText');
    expect(s.value).toBe('935.491.1');
    expect(s.caret).toBe(caretAfterDigits('935.491.1', 5));
    expect(s.caret).toBe(6);
  });
});

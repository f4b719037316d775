import { useRef, type ChangeEvent, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { nextMaskState } from '@/lib/mask';
import { inputClass } from './input';

export const MASKS = {
  cpf: '___.___.___-__',
  celular: '(__) _____-____',
  data: '__/__/____',
} as const;

type MaskedInputProps = ComponentProps<'input'> & { mask: string };

/**
 * Input with a digits-only mask, formatted synchronously on every input event (works with
 * react-hook-form's register and with plain uncontrolled forms). We do not use
 * @react-input/mask: it polls the caret with setTimeout and rejects input events that arrive
 * before the next tick, so fast typing, automation and some IMEs lose digits.
 */
export function MaskedInput({ mask, className, onChange, onFocus, ...props }: MaskedInputProps) {
  const last = useRef<string | null>(null);
  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const previous = last.current ?? '';
    const inputType = (e.nativeEvent as InputEvent).inputType;
    const next = nextMaskState(mask, previous, el.value, el.selectionStart ?? el.value.length, inputType);
    el.value = next.value;
    if (document.activeElement === el) el.setSelectionRange(next.caret, next.caret);
    last.current = next.value;
    onChange?.(e);
  };
  return (
    <input
      maxLength={mask.length}
      className={cn(inputClass, className)}
      {...props}
      onFocus={(e) => {
        last.current = e.currentTarget.value;
        onFocus?.(e);
      }}
      onChange={handleChange}
    />
  );
}

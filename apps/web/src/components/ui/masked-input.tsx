import { useMask } from '@react-input/mask';
import { useCallback, type ComponentProps, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { inputClass } from './input';

export const MASKS = {
  cpf: '___.___.___-__',
  celular: '(__) _____-____',
} as const;

type MaskedInputProps = ComponentProps<'input'> & { mask: string };

/** Input with a digits-only mask (@react-input/mask); works with react-hook-form's register. */
export function MaskedInput({ mask, className, ref, ...props }: MaskedInputProps) {
  const maskRef = useMask({ mask, replacement: { _: /\d/ } });
  const setRefs = useCallback(
    (el: HTMLInputElement | null) => {
      maskRef.current = el as HTMLInputElement; // the library accepts null on unmount
      assignRef(ref, el);
    },
    [maskRef, ref],
  );
  return <input ref={setRefs} maxLength={mask.length} className={cn(inputClass, className)} {...props} />;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

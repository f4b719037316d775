import { useId } from 'react';
import { Label } from '@/components/ui/label';

interface SeletorDeAnoProps {
  rotulo: string;
  anos: readonly number[];
  valor: number;
  onChange: (ano: number) => void;
}

/** The year picker of the finance documents (IRPF statement, debt-clearance letter): a native select. */
export function SeletorDeAno({ rotulo, anos, valor, onChange }: SeletorDeAnoProps) {
  const id = useId();
  return (
    <div className="w-full space-y-1.5 sm:w-auto">
      <Label htmlFor={id}>{rotulo}</Label>
      <select
        id={id}
        value={valor}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-12 w-full rounded-lg border-2 border-slate-400 bg-white px-3 text-base text-slate-900 sm:w-48"
      >
        {anos.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
    </div>
  );
}

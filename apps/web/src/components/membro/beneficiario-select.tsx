import type { Beneficiario } from '@portal/contract';
import { useId } from 'react';
import { Label } from '@/components/ui/label';

interface BeneficiarioSelectProps {
  beneficiarios: readonly Pick<Beneficiario, 'codigoBeneficiario' | 'nome'>[];
  value: string | null;
  onChange: (codigoBeneficiario: string) => void;
  disabled?: boolean;
}

/**
 * The beneficiary selector of Autorizações and Utilização (docs/produto/comum.md, "Screens", "Who may use it"): a native select (the
 * phone's own picker, screen-reader and keyboard friendly), disabled with one beneficiary or none.
 */
export function BeneficiarioSelect({ beneficiarios, value, onChange, disabled }: BeneficiarioSelectProps) {
  const id = useId();
  return (
    <div className="w-full space-y-1.5 sm:w-auto">
      <Label htmlFor={id}>Beneficiário</Label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled || beneficiarios.length <= 1}
        onChange={(e) => onChange(e.target.value)}
        className="h-12 w-full min-w-0 rounded-lg border-2 border-slate-400 bg-white px-3 text-base text-slate-900 disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-100 sm:w-96"
      >
        {beneficiarios.length === 0 ? <option value="">Nenhum beneficiário</option> : null}
        {beneficiarios.map((b) => (
          <option key={b.codigoBeneficiario} value={b.codigoBeneficiario}>
            {b.nome}
          </option>
        ))}
      </select>
    </div>
  );
}

/** docs/produto/comum.md "Who may use it": one beneficiary is preselected; otherwise the member's own code, or the first. */
export function beneficiarioInicial(
  beneficiarios: readonly Pick<Beneficiario, 'codigoBeneficiario'>[],
  proprio: string | null | undefined,
): string | null {
  if (beneficiarios.length === 0) return null;
  if (proprio && beneficiarios.some((b) => b.codigoBeneficiario === proprio)) return proprio;
  return beneficiarios[0]!.codigoBeneficiario;
}

import type { DependenteForm } from '@portal/contract';
import { Trash2 } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MaskedInput, MASKS } from '@/components/ui/masked-input';

export interface DependentesForm {
  dependentes: DependenteForm[];
}

interface DependenteCamposProps {
  indice: number;
  register: UseFormRegister<DependentesForm>;
  errors: FieldErrors<DependentesForm>;
  onRemover?: (() => void) | undefined;
}

/** One dependent (docs/produto/comercial.md, "Data"): all five fields required, masks on CPF, date and mobile. */
export function DependenteCampos({ indice, register, errors, onRemover }: DependenteCamposProps) {
  const e = errors.dependentes?.[indice];
  const campo = (nome: keyof DependenteForm) => register(`dependentes.${indice}.${nome}` as const);
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      {/* Floated so the legend sits inside the box like a heading (it must stay the first child). */}
      <legend className="float-left mb-3 w-full text-lg font-bold text-slate-900">Dependente {indice + 1}</legend>
      <div className="clear-left grid gap-4 sm:grid-cols-2">
        <FormField label="Nome completo" error={e?.nome?.message} className="sm:col-span-2">
          {(c) => <Input {...c} {...campo('nome')} autoComplete="off" maxLength={120} />}
        </FormField>
        <FormField label="CPF" error={e?.cpf?.message}>
          {(c) => (
            <MaskedInput {...c} {...campo('cpf')} mask={MASKS.cpf} inputMode="numeric" placeholder="000.000.000-00" />
          )}
        </FormField>
        <FormField label="Data de nascimento" error={e?.dataNascimento?.message}>
          {(c) => (
            <MaskedInput
              {...c}
              {...campo('dataNascimento')}
              mask={MASKS.data}
              inputMode="numeric"
              placeholder="DD/MM/AAAA"
            />
          )}
        </FormField>
        <FormField label="Cidade" error={e?.cidade?.message}>
          {(c) => <Input {...c} {...campo('cidade')} autoComplete="off" maxLength={80} />}
        </FormField>
        <FormField label="Celular" error={e?.celular?.message}>
          {(c) => (
            <MaskedInput
              {...c}
              {...campo('celular')}
              mask={MASKS.celular}
              inputMode="tel"
              autoComplete="off"
              placeholder="(00) 00000-0000"
            />
          )}
        </FormField>
      </div>
      {onRemover ? (
        <div className="mt-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={onRemover}>
            <Trash2 aria-hidden="true" />
            Remover dependente {indice + 1}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

import { Mail, Smartphone } from 'lucide-react';
import type { Canal } from '@/lib/conta/envio-codigo';
import { cn } from '@/lib/cn';

export type MetodoContato = Canal;

interface ContactMethodPickerProps {
  legend: string;
  email: string;
  celular: string;
  value: MetodoContato | null;
  onChange: (value: MetodoContato) => void;
  name: string;
}

/** E-mail or mobile, each shown masked; a contact not on file is a disabled option. */
export function ContactMethodPicker({ legend, email, celular, value, onChange, name }: ContactMethodPickerProps) {
  const options = [
    { value: 'email' as const, label: 'E-mail', contato: email, indisponivel: 'E-mail não disponível', Icon: Mail },
    {
      value: 'celular' as const,
      label: 'Celular (SMS)',
      contato: celular,
      indisponivel: 'Celular não disponível',
      Icon: Smartphone,
    },
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold text-slate-800">{legend}</legend>
      {options.map(({ value: v, label, contato, indisponivel, Icon }) => {
        const disabled = !contato;
        return (
          <label
            key={v}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white p-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
              value === v ? 'border-brand-700 bg-brand-50' : 'border-slate-300',
              disabled && 'cursor-not-allowed border-slate-200 bg-slate-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              disabled={disabled}
              onChange={() => onChange(v)}
              className="size-5 accent-brand-700"
            />
            <Icon
              aria-hidden="true"
              className={cn('size-6 shrink-0', disabled ? 'text-slate-500' : 'text-brand-700')}
            />
            <span className="flex flex-col">
              <span className={cn('font-semibold', disabled ? 'text-slate-600' : 'text-slate-900')}>{label}</span>
              <span className={cn('text-[15px]', disabled ? 'text-slate-600' : 'text-slate-700')}>
                {contato || indisponivel}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

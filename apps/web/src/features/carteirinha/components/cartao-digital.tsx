import { formatDate } from '@portal/br';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { operadora } from '@/lib/operadora';
import { type CartaoDigital, linhasDoCartao, numeroAgrupado } from './cartoes';

/**
 * One beneficiary's card, drawn in the operator's colour like the plastic one: the operator and its
 * ANS number, the name (the social name first when there is one), the card number, then what the
 * front desk asks for. `ativo` false: the card is shown greyed, with the day its coverage ended.
 */
export function CartaoDigitalVisual({
  cartao,
  hoje,
  ativo,
  idTitulo,
}: {
  cartao: CartaoDigital;
  hoje: string;
  ativo: boolean;
  idTitulo: string;
}) {
  const op = operadora();
  const idNumero = useId();
  const telefone = op.centralAtendimento.replace(/\D/g, '');
  return (
    <div
      className={cn(
        'rounded-2xl p-5 text-white shadow-md sm:p-6',
        ativo ? 'bg-gradient-to-br from-brand-700 to-brand-900' : 'bg-slate-700',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <img src={op.logoBranco} alt={op.nome} className="h-8 w-auto max-w-[60%] object-contain object-left" />
        <p className="text-sm font-semibold">ANS nº {op.registroAns}</p>
      </div>
      <h2 id={idTitulo} className="mt-5 text-2xl font-bold leading-tight break-words">
        {cartao.nomeSocial ?? cartao.nome}
      </h2>
      {cartao.nomeSocial ? <p className="mt-1 text-[15px]">Nome civil: {cartao.nome}</p> : null}
      {!ativo && cartao.dataCancelamento ? (
        <p className="mt-2 inline-block rounded-full bg-white px-3 py-0.5 text-sm font-bold text-slate-900">
          Cancelada em {formatDate(cartao.dataCancelamento)}
        </p>
      ) : null}
      <p className="mt-4">
        <span id={idNumero} className="block text-sm text-white/90">
          Nº da carteirinha
        </span>
        <span aria-labelledby={idNumero} className="font-mono text-2xl font-bold tracking-wider sm:text-3xl">
          {numeroAgrupado(cartao.numeroCarteirinha)}
        </span>
      </p>
      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {linhasDoCartao(cartao, hoje).map((l) => (
          <div key={l.rotulo} className={cn(Array.isArray(l.valor) && 'sm:col-span-2')}>
            <dt className="text-sm text-white/90">{l.rotulo}</dt>
            <dd className="font-semibold">
              {Array.isArray(l.valor) ? (
                <ul className="space-y-0.5">
                  {l.valor.map((v) => (
                    <li key={v}>{v}</li>
                  ))}
                </ul>
              ) : (
                l.valor
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 border-t border-white/40 pt-3 text-[15px]">
        {op.nome} · Central de Atendimento{' '}
        <a href={`tel:${telefone}`} className="font-semibold whitespace-nowrap underline underline-offset-2">
          {op.centralAtendimento}
        </a>
      </p>
    </div>
  );
}

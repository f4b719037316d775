import { formatBRL } from '@portal/br';
import type { ItemUtilizacao } from '@portal/contract';
import { formatarNumeroProtocolo } from '@portal/contract/protocolos';
import { CircleCheck, Star } from 'lucide-react';
import { CopiarNumeroProtocolo } from '@/components/protocolo/copiar-numero-protocolo';
import { NumeroProtocolo } from '@/components/protocolo/numero-protocolo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { dataUtc } from './categorias';

/** One care as the usage statement of RN 389 lists it: date, provider, procedure, quantity, value. */
export function ProcedimentoCard({ item, onAvaliar }: { item: ItemUtilizacao; onAvaliar: () => void }) {
  const titulo = `${item.descricao} em ${dataUtc(item.data)}`;
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <article aria-label={titulo} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h4 className="font-bold text-slate-900">{item.descricao}</h4>
            <p className="text-sm text-slate-700">
              Código TUSS <span className="font-mono tabular-nums">{item.procedimento}</span>
            </p>
          </div>
          <p className="text-lg font-bold tabular-nums text-slate-900">{formatBRL(item.valor)}</p>
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-[15px] sm:grid-cols-2">
          <div className="flex gap-1.5">
            <dt className="text-slate-700">Data:</dt>
            <dd className="font-medium tabular-nums text-slate-900">{dataUtc(item.data)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-700">Quantidade:</dt>
            <dd className="font-medium tabular-nums text-slate-900">{item.quantidade}</dd>
          </div>
          <div className="flex gap-1.5 sm:col-span-2">
            <dt className="text-slate-700">Prestador:</dt>
            <dd className="font-medium text-slate-900">{item.fantasia}</dd>
          </div>
          <div className="flex gap-1.5 sm:col-span-2">
            <dt className="text-slate-700">Local:</dt>
            <dd className="font-medium text-slate-900">{item.local}</dd>
          </div>
        </dl>
        {item.jaAvaliado ? (
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="success">
              <CircleCheck aria-hidden="true" />
              Avaliado
            </Badge>
            {item.protocoloAvaliacao ? (
              <>
                <span className="text-sm text-slate-700">
                  Protocolo <NumeroProtocolo numero={item.protocoloAvaliacao} className="text-slate-900" />
                </span>
                <CopiarNumeroProtocolo
                  numero={item.protocoloAvaliacao}
                  rotulo={`Copiar número do protocolo ${formatarNumeroProtocolo(item.protocoloAvaliacao)}`}
                />
              </>
            ) : null}
          </div>
        ) : (
          <Button variant="outline" size="sm" onClick={onAvaliar} aria-label={`Avaliar atendimento: ${titulo}`}>
            <Star aria-hidden="true" />
            Avaliar atendimento
          </Button>
        )}
      </article>
    </li>
  );
}

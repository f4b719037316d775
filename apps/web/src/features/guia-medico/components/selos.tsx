import type { Selo } from '@portal/contract';
import { Badge } from '@/components/ui/badge';

/** docs/produto/guia-medico.md "Limits": a card shows at most 2 seals, then '+N'. */
export const SELOS_NO_CARTAO = 2;

const imagem = (codigo: string) => `/selos/${encodeURIComponent(codigo)}.png`;

/** The card's seal badges: the first two by name, then how many more. */
export function SelosDoCartao({ selos }: { selos: Selo[] }) {
  if (!selos.length) return null;
  const resto = selos.length - SELOS_NO_CARTAO;
  return (
    <ul aria-label="Selos de qualidade" className="flex flex-wrap gap-2">
      {selos.slice(0, SELOS_NO_CARTAO).map((s) => (
        <li key={s.codigo}>
          <Badge variant="outline" className="py-1 font-medium">
            <img src={imagem(s.codigo)} alt="" width={20} height={20} className="size-5" />
            {s.nome}
          </Badge>
        </li>
      ))}
      {resto > 0 ? (
        <li>
          <Badge variant="secondary" className="py-1">
            <span aria-hidden="true">+{resto}</span>
            <span className="sr-only">e mais {resto === 1 ? '1 selo' : `${resto} selos`}</span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}

/** Every seal as its image (docs/produto/guia-medico.md, "Data": /selos/{codigo}.png) with its name as the alternative text. */
export function SelosCompletos({ selos }: { selos: Selo[] }) {
  if (!selos.length) return <p className="text-slate-700">Nenhum selo de qualidade.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {selos.map((s) => (
        <li key={s.codigo} className="flex items-center gap-3">
          <img src={imagem(s.codigo)} alt={s.nome} width={48} height={48} className="size-12 shrink-0" />
          <span aria-hidden="true" className="text-slate-900">
            {s.nome}
          </span>
        </li>
      ))}
    </ul>
  );
}

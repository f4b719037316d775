import { firstName, formatCpf } from '@portal/br';
import { ArrowRight, IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { AvisoPlanoCancelado } from '@/components/membro/plano-cancelado';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { useSituacaoDoPlano } from '@/lib/api/situacao-do-plano';
import { operadora } from '@/lib/operadora';
import { useUsuario } from '@/lib/sessao-context';
import { BannerCarousel } from './banner-carousel';

const NAO_INFORMADO = 'Não informado';

export function HomePage() {
  const usuario = useUsuario();
  // A cancelled profile: the Home says so first, and offers nothing to contract (no banners).
  const situacao = useSituacaoDoPlano().data;
  const dados = [
    { label: 'Carteirinha', value: usuario.numeroCarteirinha },
    { label: 'CPF', value: usuario.cpf ? formatCpf(usuario.cpf) : '' },
    { label: 'Nº do Contrato', value: usuario.codigoContrato },
  ];
  return (
    <div className="space-y-6">
      <DocumentTitle title="Home" />
      <div>
        <h1 tabIndex={-1} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Olá, {firstName(usuario.nome) || usuario.nome}!
        </h1>
        <p className="mt-1 text-slate-700">Bem-vindo ao Portal do Beneficiário {operadora().nome}.</p>
      </div>
      {situacao?.cancelado ? (
        <AvisoPlanoCancelado
          dataCancelamento={situacao.dataCancelamento}
          motivo="Este perfil não tem mais cobertura: consultas, autorizações e novas contratações não estão disponíveis por ele."
        />
      ) : null}
      <Card aria-labelledby="dados-principais">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <IdCard aria-hidden="true" className="size-6" />
          </span>
          <CardTitle id="dados-principais">Seus Dados Principais</CardTitle>
        </div>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {dados.map(({ label, value }) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <dt className="text-sm font-medium text-slate-700">{label}</dt>
              <dd className={value ? 'text-lg font-semibold tabular-nums text-slate-900' : 'text-lg text-slate-700'}>
                {value || NAO_INFORMADO}
              </dd>
            </div>
          ))}
        </dl>
        <Link to="/contrato" className={buttonVariants({ variant: 'outline', className: 'mt-5' })}>
          Ver todos os dados
          <ArrowRight aria-hidden="true" />
        </Link>
      </Card>
      {situacao?.cancelado ? null : <BannerCarousel />}
    </div>
  );
}

import type { PreviaReembolsoResponse, SolicitarReembolsoResponse, UltimoPagamentoResponse } from '@portal/contract';
import { ArrowLeft, Calculator } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Carregando, FalhaAoCarregar } from '@/components/membro/carregando';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { mensagemDoErro } from '@/lib/query-errors';
import {
  type BeneficiarioReembolso,
  useBeneficiariosReembolso,
  usePreviaReembolso,
  useSolicitarReembolso,
  useVerificarRecibo,
} from '../api/reembolsos';
import { useUltimoPagamento } from '../api/ultimo-pagamento';
import { erroCampo } from './erro-de-campo';
import { type Campos, type Formulario, montarCorpo, pagamentoOferecido, VAZIO, validar } from './formulario-reembolso';
import { PreviaDoReembolso } from './previa-do-reembolso';
import { ReembolsoEnviado } from './reembolso-enviado';
import { DadosDoAtendimento } from './secao-atendimento';
import { Documentos } from './secao-documentos';
import { DadosParaPagamento } from './secao-pagamento';
import { useAnexos } from './use-anexos';

export function NovoReembolsoPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Solicitar reembolso">
        <p className="max-w-3xl text-slate-800">
          Pagou uma consulta, exame ou terapia fora da rede? Envie os dados do atendimento e as fotos dos recibos. Antes
          de enviar, você vê uma estimativa do valor.
        </p>
      </PageHeader>
      <div className="space-y-6">
        <Link to="/reembolso" className={buttonVariants({ variant: 'link', size: 'inline' })}>
          <ArrowLeft aria-hidden="true" />
          Voltar para Reembolso
        </Link>
        {perfil ? <Carregamento /> : <PerfilInvalido />}
      </div>
    </div>
  );
}

function Carregamento() {
  const beneficiarios = useBeneficiariosReembolso();
  const ultimoPagamento = useUltimoPagamento();
  // The payment data offered (issue 31) decides what the form starts with; without it (a failure)
  // the member types them, as on a first request.
  if (beneficiarios.isPending || ultimoPagamento.isPending) return <Carregando label="Carregando beneficiários..." />;
  if (beneficiarios.isError) return <FalhaAoCarregar onTentarNovamente={() => void beneficiarios.refetch()} />;
  if (beneficiarios.data.length === 0)
    return (
      <Alert variant="warning" title="Nenhum beneficiário ativo">
        Não há beneficiário com cobertura ativa para pedir reembolso.
      </Alert>
    );
  return <FormularioReembolso beneficiarios={beneficiarios.data} oferta={ultimoPagamento.data ?? null} />;
}

/**
 * The form's state and its two steps ('Ver prévia', then 'Enviar solicitação'); the sections
 * (secao-*.tsx) render the fields from the Formulario they are given.
 */
function FormularioReembolso({
  beneficiarios,
  oferta,
}: {
  beneficiarios: BeneficiarioReembolso[];
  oferta: UltimoPagamentoResponse | null;
}) {
  const perfil = usePerfilAutenticado()!;
  const anexos = useAnexos();
  const previa = usePreviaReembolso();
  const solicitar = useSolicitarReembolso();
  const verificar = useVerificarRecibo();
  const chave = useChaveDeEnvio();
  const [oferecido] = useState(() => pagamentoOferecido(oferta));
  const [c, setC] = useState<Campos>(() => ({ ...VAZIO, ...oferecido, cpfBeneficiario: beneficiarios[0]!.cpf }));
  // From the first 'Ver prévia' on, the errors follow the fields: each goes as soon as it is fixed.
  const [tentativa, setTentativa] = useState(0);
  const [estimativa, setEstimativa] = useState<{ corpo: string; r: PreviaReembolsoResponse } | null>(null);
  const [recusa, setRecusa] = useState<string | null>(null);
  const [feito, setFeito] = useState<SolicitarReembolsoResponse | null>(null);
  // The receipt already sent by the contract (decision 0056), for the receipt it was asked about.
  const [repetido, setRepetido] = useState<{ recibo: string; mensagem: string } | null>(null);
  const [outroAtendimento, setOutroAtendimento] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const corpo = montarCorpo(c, anexos.ids);
  const corpoJson = JSON.stringify(corpo);
  const erros = tentativa > 0 ? validar(c, corpo, anexos, perfil.codigoSessao) : {};
  const previaValida = estimativa && estimativa.corpo === corpoJson ? estimativa.r : null;
  const recibo = JSON.stringify([corpo.prestador.documento, c.numeroRecibo.trim(), c.dataAtendimento]);
  const avisoRepetido = repetido?.recibo === recibo ? repetido.mensagem : null;
  const avisarRepetido = (mensagem: string) => {
    setRepetido({ recibo, mensagem });
    setOutroAtendimento(false);
  };
  const form: Formulario = {
    c,
    set: (k, v) => setC((a) => ({ ...a, [k]: v })),
    erros,
    erro: (campo) => erroCampo(campo, erros[campo]),
  };

  // After a failed check, the first wrong field gets the focus (its message is read with it).
  useEffect(() => {
    if (tentativa === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[data-invalido] button')?.focus();
  }, [tentativa]);

  const verPrevia = (e: FormEvent) => {
    e.preventDefault();
    setRecusa(null);
    setTentativa((t) => t + 1);
    if (Object.keys(validar(c, corpo, anexos, perfil.codigoSessao)).length > 0) return;
    const pedido = {
      tipo: corpo.tipo,
      valorPago: corpo.valorPago,
      ...(corpo.codigoTuss ? { codigoTuss: corpo.codigoTuss } : {}),
    };
    verificar.mutate(
      {
        prestadorDocumento: corpo.prestador.documento,
        numeroRecibo: corpo.numeroRecibo,
        dataAtendimento: corpo.dataAtendimento,
      },
      { onSuccess: (r) => (r.repetido && r.mensagem ? avisarRepetido(r.mensagem) : setRepetido(null)) },
    );
    previa.mutate(pedido, {
      onSuccess: (r) => setEstimativa({ corpo: corpoJson, r }),
      onError: (err) => setRecusa(mensagemDoErro(err, 'Não foi possível calcular a estimativa. Tente novamente.')),
    });
  };

  const enviar = () => {
    setRecusa(null);
    const pedido = avisoRepetido && outroAtendimento ? { ...corpo, confirmarReciboRepetido: true } : corpo;
    solicitar.mutate(
      { corpo: pedido, chave: chave.para(pedido) },
      {
        onSuccess: (r) => {
          chave.concluir();
          setFeito(r);
        },
        onError: (err) =>
          isApiError(err) && err.code === 'RECIBO_REPETIDO' && err.serverMessage
            ? avisarRepetido(err.serverMessage)
            : setRecusa(mensagemDoErro(err, 'Não foi possível enviar a solicitação. Tente novamente.')),
      },
    );
  };

  if (feito) return <ReembolsoEnviado feito={feito} />;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={verPrevia}
      className="grid max-w-3xl gap-6"
      aria-label="Pedido de reembolso"
    >
      <DadosDoAtendimento form={form} beneficiarios={beneficiarios} />
      <Documentos form={form} anexos={anexos} />
      <DadosParaPagamento form={form} oferta={oferta} oferecido={oferecido !== null} pagamento={corpo.pagamento} />

      {recusa ? (
        <Alert variant="error" title="Não foi possível continuar">
          {recusa}
        </Alert>
      ) : null}

      {previaValida ? (
        <PreviaDoReembolso
          previa={previaValida}
          avisoRepetido={avisoRepetido}
          outroAtendimento={outroAtendimento}
          onConfirmarOutroAtendimento={setOutroAtendimento}
          enviando={solicitar.isPending}
          onEnviar={enviar}
        />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={previa.isPending} aria-busy={previa.isPending || undefined}>
            <Calculator aria-hidden="true" />
            {previa.isPending ? 'Calculando...' : 'Ver prévia'}
          </Button>
        </div>
      )}
    </form>
  );
}
